/** The import/export dialog's formats: every entry of the registry (core's DATA_FORMAT_INFO), with its label. */
import { DATA_FORMAT_INFO } from '@dynotable/core';
import type { TransferFormat } from '../api/endpoints.js';

export const TRANSFER_FORMAT_OPTIONS: readonly { readonly format: TransferFormat; readonly label: string }[] = DATA_FORMAT_INFO.map((info) => ({
  format: info.name,
  label: info.label,
}));
