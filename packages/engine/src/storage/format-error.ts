/** A data file this version cannot open as it is: another program's, a newer format, or one it cannot migrate. */
export class StorageFormatError extends Error {
  override name = 'StorageFormatError';
}
