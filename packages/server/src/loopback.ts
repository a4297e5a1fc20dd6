/**
 * Whether a host name or address is this machine's loopback: the server binds
 * there by default, and an endpoint there is a local DynamoDB (DynamoDB Local,
 * the engine) rather than AWS.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}
