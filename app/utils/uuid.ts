const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `value` can be a row id: anything else is simply not found, not a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}
