import { renderWhenNear } from './render-when-near';

describe('renderWhenNear', () => {
  it('skips the block until it nears the viewport, holding its estimated height, then the height it was last shown at', () => {
    const declarations = renderWhenNear('34rem').styles.replace(/\s+/g, ' ');
    expect(declarations).toContain('content-visibility: auto;');
    expect(declarations).toContain('contain-intrinsic-size: auto 34rem;');
  });
});
