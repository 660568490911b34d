import { describe, expect, it } from 'vitest';
import { qrImageSource, recoveryCodesText } from './recoveryCodesText.ts';

describe('recovery codes and the QR code', () => {
  it('writes the codes one a line under their heading', () => {
    expect(recoveryCodesText(['abcde-fghjk', 'mnpqr-stuvw'], 'Codes')).toBe(
      'Codes\n\nabcde-fghjk\nmnpqr-stuvw\n',
    );
  });

  it('makes the server SVG an image address, markup escaped', () => {
    const source = qrImageSource('<svg><script>alert(1)</script></svg>');
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(source).not.toContain('<');
  });
});
