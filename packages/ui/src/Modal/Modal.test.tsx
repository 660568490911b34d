import { describe, expect, it } from 'vitest';
import { isInAnotherDocument } from './Modal.tsx';

describe('a modal and interactions outside it', () => {
  it("closes for its own page's elements and the page itself", () => {
    const button = document.createElement('button');
    document.body.append(button);
    expect(isInAnotherDocument(button, document)).toBe(false);
    expect(isInAnotherDocument(document, document)).toBe(false);
    button.remove();
  });

  it('stays open for what happens in the page that frames it', () => {
    // As Storybook's toolbar around a story's frame: another document, its elements, its window.
    const framingPage = document.implementation.createHTMLDocument('Storybook');
    const toolbarButton = framingPage.createElement('button');
    framingPage.body.append(toolbarButton);
    expect(isInAnotherDocument(toolbarButton, document)).toBe(true);
    expect(isInAnotherDocument(framingPage, document)).toBe(true);
    expect(isInAnotherDocument(new EventTarget(), document)).toBe(true);
  });
});
