import { mailAddresses, mailtoHref } from './mail';

describe('mailtoHref', () => {
  it('links to the address', () => {
    expect(mailtoHref(mailAddresses.press)).toBe('mailto:prasa@grouarock.com');
  });

  it('encodes the subject', () => {
    expect(mailtoHref(mailAddresses.career, 'Frontend Developer (React) & co')).toBe(
      'mailto:kariera@grouarock.com?subject=Frontend%20Developer%20(React)%20%26%20co',
    );
  });

  it('keeps every address on the grouarock.com domain', () => {
    for (const address of Object.values(mailAddresses)) expect(address).toMatch(/^[a-z-]+@grouarock\.com$/);
  });
});
