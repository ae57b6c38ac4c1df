// UUID-shaped ids (stores, methods, sessions) arrive from paths and bodies in any case; they are
// compared and stored in lowercase.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
