import { PASSWORD_ANALYSED_LENGTH, PasswordPolicy } from './password-policy';

// The estimator with its real dictionaries: what it refuses is the product's rule, so no mock stands in for it.
const policy = new PasswordPolicy();

function refusal(password: string, userInputs: string[] = []): { code?: string; message?: string } | undefined {
  try {
    policy.assertStrong(password, userInputs);
    return undefined;
  } catch (error) {
    return (error as { getResponse(): { code: string; message: string } }).getResponse();
  }
}

describe('PasswordPolicy', () => {
  it('refuses one of the most used passwords as too common, with zxcvbn\'s reason', () => {
    expect(refusal('password1')).toMatchObject({ code: 'password_too_common', message: expect.stringContaining('commonly used password') });
    expect(policy.verdict('password1')).toMatchObject({ score: 0, warning: 'common' });
  });

  it('refuses a Polish one ("kochanie1") and a Dutch one ("wachtwoord1") from their dictionaries', () => {
    expect(refusal('kochanie1')).toMatchObject({ code: 'password_weak' });
    expect(refusal('wachtwoord1')).toMatchObject({ code: 'password_weak' });
    expect(refusal('welkom01')).toMatchObject({ code: 'password_too_common' });
  });

  it('refuses a password made of the account\'s own email or name', () => {
    const inputs = PasswordPolicy.userInputs('grzmotpunk@example.com', 'Grzmot Punk');
    expect(inputs).toEqual(expect.arrayContaining(['grzmotpunk@example.com', 'grzmotpunk', 'grzmot punk']));
    // Strong for a stranger, guessable for whoever knows the address.
    expect(refusal('grzmotpunk@example.com')).toBeUndefined();
    expect(refusal('grzmotpunk@example.com', inputs)).toMatchObject({ code: 'password_weak', message: expect.stringContaining('personal') });
    expect(refusal('Grzmotpunk77', inputs)).toMatchObject({ code: 'password_weak' });
    expect(refusal('sidvicious1', PasswordPolicy.userInputs('sid.vicious@example.com'))).toMatchObject({ code: 'password_weak' });
  });

  it('accepts a strong password, and a long passphrase', () => {
    expect(refusal('Cz3rwony-Trabant-Gra', PasswordPolicy.userInputs('fan@example.com'))).toBeUndefined();
    expect(refusal('correct horse battery staple')).toBeUndefined();
    expect(policy.verdict('riff-raff-1977').score).toBeGreaterThanOrEqual(3);
  });

  it('analyses only the first PASSWORD_ANALYSED_LENGTH characters, which bounds the time of one check', () => {
    // Repeated patterns are zxcvbn's slowest case (README.md, "Passwords", has the timings): the rest is not read.
    const pattern = 'aB3$'.repeat(32);
    expect(policy.verdict(pattern)).toEqual(policy.verdict(pattern.slice(0, PASSWORD_ANALYSED_LENGTH)));
    expect(policy.verdict(pattern).score).toBeLessThan(3);
    const strongStart = 'Cz3rwony-Trabant-Gra-Zx9!'.padEnd(PASSWORD_ANALYSED_LENGTH, 'k');
    expect(policy.verdict(strongStart + 'a'.repeat(96))).toEqual(policy.verdict(strongStart));
    // A different 33rd character changes nothing.
    expect(policy.verdict(`${strongStart}1`)).toEqual(policy.verdict(`${strongStart}!`));
  });
});
