// @docusaurus/useIsBrowser: false on the server and during hydration, true once the page runs in
// the browser (so the first render matches the server's HTML).
import { useEffect, useState } from 'react';

export default function useIsBrowser(): boolean {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return isBrowser;
}
