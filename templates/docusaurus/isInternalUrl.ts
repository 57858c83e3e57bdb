// @docusaurus/isInternalUrl: a URL of this site (no scheme, not protocol-relative).
export default function isInternalUrl(url?: string): boolean {
  return typeof url === 'string' && !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

export function hasProtocol(url: string): boolean {
  return /^([a-z][a-z\d+.-]*:)?\/\//i.test(url);
}
