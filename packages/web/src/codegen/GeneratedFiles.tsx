/** The generated files, each viewable, copyable and downloadable; and all of them downloaded at once (one file after another). */
import { useRef } from 'react';
import type { GeneratedFile } from './codegen-api.js';
import { CodeView } from './CodeView.js';
import { CopyButton } from './CopyButton.js';
import { DownloadLink } from './DownloadLink.js';

const ROLES: Record<number, string> = {
  0: 'The data-access module: typed functions for every access pattern and write path.',
  1: 'Its integration test: writes sample items and checks every access pattern against a live table.',
};

export function GeneratedFiles({ files }: { readonly files: readonly GeneratedFile[] }) {
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const downloadAll = () => {
    for (const file of files) links.current.get(file.fileName)?.click();
  };
  return (
    <section aria-labelledby="codegen-files">
      <div className="codegen-heading">
        <h2 id="codegen-files">Generated files</h2>
        <button type="button" onClick={downloadAll}>
          Download all {files.length} files
        </button>
      </div>
      {files.map((file, index) => (
        <section key={file.fileName} className="codegen-file" aria-labelledby={`codegen-file-${index}`}>
          <div className="codegen-file-bar">
            <h3 id={`codegen-file-${index}`}>
              <code>{file.fileName}</code>
            </h3>
            <span className="muted">{ROLES[index] ?? ''}</span>
            <span className="codegen-actions">
              <CopyButton text={file.source} label={file.fileName} />
              <DownloadLink
                ref={(element) => {
                  if (element === null) links.current.delete(file.fileName);
                  else links.current.set(file.fileName, element);
                }}
                fileName={file.fileName}
                text={file.source}
              />
            </span>
          </div>
          <CodeView source={file.source} label={`Source of ${file.fileName}`} />
        </section>
      ))}
    </section>
  );
}
