import { BLOG_ARTICLES } from './blog-articles'

/** The public pages that exist whatever the database holds, in the sitemap's order. */
export const STATIC_PAGE_PATHS: readonly string[] = [
  '/',
  '/feed',
  '/about',
  '/blog',
  ...BLOG_ARTICLES.map((article) => `/blog/${article.slug}`),
  '/pricing',
  '/faq',
  '/contact',
  '/careers',
  '/moderation',
  '/terms',
  '/privacy',
  '/mentions-legales',
  '/accessibilite',
]
