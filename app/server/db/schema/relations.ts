import { relations } from 'drizzle-orm'
import { comments, favoriteCommunities, postVotes, savedPosts } from './interactions'
import { postCategories, posts, postSectors } from './posts'
import { profiles } from './profiles'
import { categories, postTypes, sectors } from './taxonomy'

export const profilesRelations = relations(profiles, ({ many }) => ({
  posts: many(posts),
  comments: many(comments),
  favorites: many(favoriteCommunities),
}))

export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(profiles, { fields: [posts.authorId], references: [profiles.id] }),
  type: one(postTypes, { fields: [posts.typeId], references: [postTypes.id] }),
  category: one(categories, { fields: [posts.categoryId], references: [categories.id] }),
  sector: one(sectors, { fields: [posts.sectorId], references: [sectors.id] }),
  postCategories: many(postCategories),
  postSectors: many(postSectors),
  votes: many(postVotes),
  saves: many(savedPosts),
  comments: many(comments),
}))

export const postCategoriesRelations = relations(postCategories, ({ one }) => ({
  post: one(posts, { fields: [postCategories.postId], references: [posts.id] }),
  category: one(categories, { fields: [postCategories.categoryId], references: [categories.id] }),
}))

export const postSectorsRelations = relations(postSectors, ({ one }) => ({
  post: one(posts, { fields: [postSectors.postId], references: [posts.id] }),
  sector: one(sectors, { fields: [postSectors.sectorId], references: [sectors.id] }),
}))

export const commentsRelations = relations(comments, ({ one }) => ({
  post: one(posts, { fields: [comments.postId], references: [posts.id] }),
  author: one(profiles, { fields: [comments.authorId], references: [profiles.id] }),
}))

export const postVotesRelations = relations(postVotes, ({ one }) => ({
  post: one(posts, { fields: [postVotes.postId], references: [posts.id] }),
}))

export const savedPostsRelations = relations(savedPosts, ({ one }) => ({
  post: one(posts, { fields: [savedPosts.postId], references: [posts.id] }),
}))

export const favoriteCommunitiesRelations = relations(favoriteCommunities, ({ one }) => ({
  profile: one(profiles, { fields: [favoriteCommunities.userId], references: [profiles.userId] }),
}))
