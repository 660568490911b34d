/**
 * The file name a downloaded report gets: 'report-<client>-<date>.pdf', the client's name in
 * lower-case ASCII words (accents dropped, anything else a dash) and the day it was generated.
 */
export function reportFileName(clientName: string, createdAt: string): string {
  const slug = clientName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `report-${slug || 'client'}-${createdAt.slice(0, 10)}.pdf`;
}

/** Saves a blob under `fileName` through a temporary object URL (released once clicked). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download from the click; the URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
