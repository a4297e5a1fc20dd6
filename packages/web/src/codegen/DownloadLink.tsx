/** A file made from text, offered as a link to download (a real link: keyboard, context menu and "save as" work). */
import { forwardRef, useEffect, useMemo } from 'react';
import { mediaTypeOf } from './code-lines.js';

export const DownloadLink = forwardRef<HTMLAnchorElement, { readonly fileName: string; readonly text: string }>(function DownloadLink({ fileName, text }, ref) {
  const url = useMemo(() => URL.createObjectURL(new Blob([text], { type: `${mediaTypeOf(fileName)};charset=utf-8` })), [fileName, text]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <a ref={ref} className="button-link" href={url} download={fileName} aria-label={`Download ${fileName}`}>
      Download
    </a>
  );
});
