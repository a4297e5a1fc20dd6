/** Hands text to the browser as a file download (a Blob behind a temporary object URL). */
export function downloadText(text: string, fileName: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the URL by the time a minute has passed; then its memory is let go.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
