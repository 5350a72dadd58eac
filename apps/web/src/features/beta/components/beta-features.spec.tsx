import { screen, waitFor, within } from '@testing-library/react';
import type { EntitlementsDto } from '@grouarock/api-client';
import { answer, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { PLAN_LIMITS_FIXTURE } from '../../../testing/plan-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { SessionManager } from '../../auth';
import { BetaFeatures } from './beta-features';

setupApiServer();

const me = userDto();

beforeEach(() => localStorage.clear());

async function renderList(plan: EntitlementsDto['plan'], features: string[]) {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  answer('post', '/auth/token', sessionDto(900, me));
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  const betaReads = answer('get', '/beta', { features, plan: 'ultra' });
  const entitlementReads = answer('get', '/me/entitlements', { plan, source: 'grant', limits: PLAN_LIMITS_FIXTURE[plan], beta: plan === 'ultra' ? features : [], subscription: null, trialAvailable: false });
  return { ...renderRoutes([{ path: '/', element: <BetaFeatures userId={me.id} /> }], '/', { auth }), betaReads, entitlementReads };
}

describe("/profile's beta features", () => {
  it('lists what an Ultra member has first, each with the Beta badge', async () => {
    await renderList('ultra', ['browser-live']);
    const section = await screen.findByRole('region', { name: 'Funkcje beta' });
    const item = within(section).getByText('Na żywo z przeglądarki: kamera i mikser DJ').closest('li') as HTMLElement;
    expect(within(item).getByText('Beta')).toBeInTheDocument();
    expect(within(item).queryByText('wkrótce')).not.toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a Premium member the same list as coming, with the way to Ultra', async () => {
    await renderList('premium', ['browser-live']);
    const section = await screen.findByRole('region', { name: 'Funkcje beta' });
    expect(within(section).getByText('wkrótce')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Przejdź na Ultra' })).toHaveAttribute('href', '/subscription');
  });

  it('is not there while nothing is in beta', async () => {
    const { container, betaReads, entitlementReads } = await renderList('ultra', []);
    await waitFor(() => expect([betaReads.length, entitlementReads.length]).toEqual([1, 1]));
    expect(screen.queryByRole('region', { name: 'Funkcje beta' })).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });
});
