import { downloadBlob, savedBlob } from './recording-store';

describe('a finished recording saved as a file', () => {
  it('is downloaded through a link, and its bytes stay at hand under its object URL for "Zachowaj offline"', () => {
    const created = jest.fn(() => 'blob:http://localhost/rec-1');
    Object.defineProperty(URL, 'createObjectURL', { value: created, configurable: true });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const blob = new Blob(['webm'], { type: 'audio/webm' });

    expect(downloadBlob(blob, 'E2E_Rock.webm')).toBe('blob:http://localhost/rec-1');
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(savedBlob('blob:http://localhost/rec-1')).toBe(blob);
    expect(savedBlob('blob:http://localhost/another')).toBeUndefined();
    clicked.mockRestore();
  });
});
