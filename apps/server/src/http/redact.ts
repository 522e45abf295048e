/**
 * What a client may see of an internal message: absolute file paths become their last segment and
 * connection strings lose their credentials (both the user:password@ and the ?password= forms).
 * The full message stays in the server log.
 *
 * @example redactPaths("ENOENT: open '/srv/propguard/data/x.geojson'") // "ENOENT: open '…/x.geojson'"
 * @example redactPaths('postgres://app:secret@db/prod?password=secret') // 'postgres://***@db/prod?password=***'
 */
export function redactPaths(message: string): string {
  return message
    .replace(/(postgres(?:ql)?:\/\/)[^@\s/]*@/gi, '$1***@')
    .replace(/([?&](?:password|pass|pwd|sslpassword)=)[^&\s'"]*/gi, '$1***')
    .replace(/(?<![\w:])\/(?:[\w.-]+\/)+([\w.-]+)/g, '…/$1');
}
