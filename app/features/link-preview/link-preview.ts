/** What a link card shows of an external page; shared by the server and the card. */
export interface LinkPreview {
  url: string
  title: string | null
  description: string | null
  /** An absolute http(s) URL, or null. */
  image: string | null
  siteName: string | null
}
