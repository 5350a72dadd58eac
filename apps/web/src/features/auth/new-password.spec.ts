import { newPasswordProblems } from './new-password';

describe('newPasswordProblems', () => {
  it('accepts six characters or more, confirmed', () => {
    expect(newPasswordProblems({ password: 'sekret', confirmPassword: 'sekret' })).toEqual({});
  });

  it('reports a mismatch before a short password, each on its own field', () => {
    expect(Object.entries(newPasswordProblems({ password: 'abc', confirmPassword: 'abd' }))).toEqual([
      ['confirmPassword', 'auth.validation.passwordsMismatch'],
      ['password', 'auth.validation.passwordTooShort'],
    ]);
    expect(newPasswordProblems({ password: 'abcde', confirmPassword: 'abcde' })).toEqual({ password: 'auth.validation.passwordTooShort' });
  });
});
