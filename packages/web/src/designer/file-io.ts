/** Files in and out of the page: a download made from text, and the format a file name says. */

export function downloadText(fileName: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type ModelFormat = 'yaml' | 'json';

/** The model file's format by its name: .json is JSON, anything else YAML. */
export function formatOfName(fileName: string): ModelFormat {
  return /\.json$/i.test(fileName) ? 'json' : 'yaml';
}

/** The same file name with the format's extension: leaderboard.yaml → leaderboard.json. */
export function withFormat(fileName: string, format: ModelFormat): string {
  const stem = fileName.replace(/\.(ya?ml|json)$/i, '') || 'model';
  return `${stem}.${format}`;
}

/** A file name from a model name: "Ticket desk" → ticket-desk.yaml. */
export function fileNameFor(modelName: string, format: ModelFormat = 'yaml'): string {
  const stem = modelName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'model';
  return `${stem}.${format}`;
}
