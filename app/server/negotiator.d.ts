// negotiator 1.x ships no types (DefinitelyTyped's describe 0.6): the part used here.
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> })
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined
  }
}
