/**
 * The `vscode://file/…` link that opens an absolute path in VS Code (POSIX and Windows
 * drive paths), every character that is not allowed in a URL escaped.
 */
export function vscodeFileUrl(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  return `vscode://file${slashed.startsWith('/') ? '' : '/'}${encodeURI(slashed).replace(/[?#]/g, encodeURIComponent)}`;
}
