// Tests build their data with the same factories as the demo seed.
export * from '../app/server/db/seed/factories.server'
