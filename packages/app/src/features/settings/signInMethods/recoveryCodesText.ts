/** The recovery codes as a text file: a line saying what they are, then one code a line. */
export function recoveryCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/**
 * The server's QR code as an image address. Shown through `<img>`, an SVG can run no script and
 * load nothing (browsers draw an image's SVG as a picture only), whatever it holds; the app's
 * Content-Security-Policy allows `data:` images (img-src 'self' data: blob:).
 */
export function qrImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
