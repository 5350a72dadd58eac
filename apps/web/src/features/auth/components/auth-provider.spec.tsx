import { act, renderHook } from '@testing-library/react';
import * as client from '@grouarock/api-client';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { sessionDto } from '../../../testing/auth-fixtures';
import { SessionManager } from '../session-manager';
import { AuthProvider, useAuth } from './auth-provider';

jest.mock('@grouarock/api-client', () => ({ token: jest.fn() }));

const api = jest.mocked(client);

describe('useAuth', () => {
  it('throws a clear error outside AuthProvider', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth() must be used inside <AuthProvider>');
    quiet.mockRestore();
  });

  it('follows the session: loading, then signed in after INITIAL_SESSION', async () => {
    localStorage.setItem('grouarock.session', 'active');
    let answer!: (value: unknown) => void;
    api.token.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)) as never);
    const manager = new SessionManager({ arrivedThroughRedirect: () => false });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <JotaiProvider store={createStore()}>
        <AuthProvider manager={manager}>{children}</AuthProvider>
      </JotaiProvider>
    );

    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('loading');
    expect(result.current.user).toBeNull();

    await act(async () => {
      answer({ data: sessionDto() });
      await manager.initialize();
    });
    expect(result.current.status).toBe('signedIn');
    expect(result.current.user?.email).toBe('fan@example.com');
    manager.stopAutoRefresh();
  });

  it('starts signed out without a spinner when there is nothing to restore', () => {
    localStorage.clear();
    const manager = new SessionManager({ arrivedThroughRedirect: () => false });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <JotaiProvider store={createStore()}>
        <AuthProvider manager={manager}>{children}</AuthProvider>
      </JotaiProvider>
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('signedOut');
    expect(api.token).not.toHaveBeenCalled();
    manager.stopAutoRefresh();
  });
});
