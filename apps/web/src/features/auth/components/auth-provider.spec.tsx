import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { answer, setupApiServer } from '../../../testing/api-server';
import { sessionDto } from '../../../testing/auth-fixtures';
import { SessionManager } from '../session-manager';
import { AuthProvider, useAuth } from './auth-provider';

setupApiServer();

describe('useAuth', () => {
  it('throws a clear error outside AuthProvider', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth() must be used inside <AuthProvider>');
    quiet.mockRestore();
  });

  it('follows the session: loading, then signed in after INITIAL_SESSION', async () => {
    localStorage.setItem('grouarock.session', 'active');
    let respond!: () => void;
    const answered = new Promise<void>((resolve) => (respond = resolve));
    answer('post', '/auth/token', async () => (await answered, Response.json(sessionDto())));
    const manager = new SessionManager({ arrivedThroughRedirect: () => false });
    const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider manager={manager}>{children}</AuthProvider>;

    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('loading');
    expect(result.current.user).toBeNull();

    await act(async () => {
      respond();
      await manager.initialize();
    });
    expect(result.current.status).toBe('signedIn');
    expect(result.current.user?.email).toBe('fan@example.com');
    manager.stopAutoRefresh();
  });

  it('starts signed out without a spinner when there is nothing to restore', () => {
    localStorage.clear();
    const manager = new SessionManager({ arrivedThroughRedirect: () => false });
    const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider manager={manager}>{children}</AuthProvider>;
    const tokens = answer('post', '/auth/token', sessionDto());
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('signedOut');
    expect(tokens).toEqual([]);
    manager.stopAutoRefresh();
  });
});
