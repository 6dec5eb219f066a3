import { createContext, RouterContextProvider } from 'react-router'
import { DocumentJsonTexts } from '~/utils/json-text'

// Set for a request that React Router answers with a document: its loaders' JSON texts go into
// the page rather than into the data (ADR 033). A data request (`….data`, a client navigation or
// revalidation) has none, nor has a load context made elsewhere (tests): the texts then travel
// in React Router's data, as they always may.
const documentJsonContext = createContext<DocumentJsonTexts | null>(null)

/** Whether React Router answers this request with data (a script's), not with a document. */
export function isDataRequest(request: Request): boolean {
  const { pathname } = new URL(request.url)
  return pathname.endsWith('.data')
}

/** server.ts's load context for each request (React Router's getLoadContext). */
export function createLoadContext(request: Request): RouterContextProvider {
  const context = new RouterContextProvider()
  if (!isDataRequest(request)) context.set(documentJsonContext, new DocumentJsonTexts())
  return context
}

/** The texts of the document this request is answered with; null for a data request. */
export function documentJsonTexts(
  context: Readonly<RouterContextProvider>,
): DocumentJsonTexts | null {
  return context.get(documentJsonContext)
}
