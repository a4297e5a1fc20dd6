/**
 * The region a SigV4 request was signed for, from its credential scope
 * (`Credential=KEY/DATE/REGION/SERVICE/aws4_request`, in the Authorization
 * header or the presigned query). Stream records name it as their awsRegion.
 */
const SCOPE = /Credential=[^/,\s]*\/[0-9]{8}\/([a-z0-9-]{1,64})\//;

export function signingRegion(authorization: string | undefined, path: string): string | undefined {
  if (authorization !== undefined) return SCOPE.exec(authorization)?.[1];
  const query = path.indexOf('?');
  if (query === -1) return undefined;
  const credential = new URLSearchParams(path.slice(query + 1)).get('X-Amz-Credential');
  return credential === null ? undefined : SCOPE.exec(`Credential=${credential}`)?.[1];
}
