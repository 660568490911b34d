import { describe, expect, it } from 'vitest';
import { reportFileName } from './reportFileName.ts';

describe('reportFileName', () => {
  it('names the file after the client and the day it was generated', () => {
    expect(reportFileName('Jamie Lee', '2026-03-03T10:15:00.000Z')).toBe(
      'report-jamie-lee-2026-03-03.pdf',
    );
  });

  it('keeps plain ASCII words of any name', () => {
    expect(reportFileName('María-Fernanda  O’Brien', '2026-03-03T10:15:00.000Z')).toBe(
      'report-maria-fernanda-o-brien-2026-03-03.pdf',
    );
    expect(reportFileName('', '2026-03-03T10:15:00.000Z')).toBe('report-client-2026-03-03.pdf');
  });
});
