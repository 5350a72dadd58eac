import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingPlansDto, EntitlementsDto } from '@grouarock/api-client';
import { apiError, answer, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { AuthDialogHost, SessionManager } from '../../auth';
import { PAYMENT_ERROR_MS } from '../use-plan-purchase';
import { SubscriptionPage } from './subscription-page';
import { PLAN_LIMITS_FIXTURE } from '../../../testing/plan-fixtures';

setupApiServer();

const limits = PLAN_LIMITS_FIXTURE;

function plansDto(onlinePayment = true, defaultPlan: BillingPlansDto['defaultPlan'] = 'basic'): BillingPlansDto {
  return {
    onlinePayment,
    trialDays: 30,
    defaultPlan,
    plans: [
      { plan: 'basic', priceUsd: 0, limits: limits.basic },
      { plan: 'premium', priceUsd: 5, limits: limits.premium },
      { plan: 'ultra', priceUsd: 10, limits: limits.ultra },
    ],
  };
}

function entitlementsDto(overrides: Partial<EntitlementsDto> = {}): EntitlementsDto {
  const plan = overrides.plan ?? 'basic';
  return { plan, source: plan === 'basic' ? 'default' : 'subscription', limits: limits[plan], beta: [], subscription: null, trialAvailable: true, ...overrides };
}

const trialing = (plan: 'premium' | 'ultra' = 'premium'): EntitlementsDto['subscription'] => ({
  plan,
  entitles: true,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-24T12:00:00.000Z',
  trialEnd: '2026-12-24T12:00:00.000Z',
});

async function renderPage({ signedIn = true, path = '/subscription', plans = plansDto() }: { signedIn?: boolean; path?: string; plans?: BillingPlansDto } = {}) {
  const leaveTo = jest.fn();
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  if (signedIn) {
    answer('post', '/auth/token', sessionDto(900, userDto()));
    await auth.signInWithPassword('fan@example.com', 'riff-raff');
  }
  answer('get', '/billing/plans', plans);
  const view = renderRoutes(
    [
      {
        path: '/subscription',
        element: (
          <>
            <SubscriptionPage leaveTo={leaveTo} />
            <AuthDialogHost />
          </>
        ),
      },
    ],
    path,
    { auth },
  );
  return { ...view, leaveTo };
}

const LEAD_TRIAL = 'Więcej muzyki, mniej reklam, więcej AI. Pierwsze 30 dni Premium lub Ultra za darmo.';
const LEAD_NO_TRIAL = 'Więcej muzyki, mniej reklam, więcej AI. Wybierz plan, który do Ciebie pasuje.';
const META_TRIAL = 'Radio bez reklam, 320 kbps, więcej generowania muzyki AI i dostęp do API. Pierwsze 30 dni za darmo, anulujesz w dowolnym momencie.';
const META_NO_TRIAL = 'Radio bez reklam, 320 kbps, więcej generowania muzyki AI i dostęp do API. Porównaj plany Basic, Premium i Ultra.';
const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

/** What the page promises about the trial, once what it depends on has loaded. */
function trialPromises() {
  return {
    lead: screen.getByText(/^Więcej muzyki, mniej reklam, więcej AI\./).textContent,
    meta: metaDescription(),
    cards: screen.queryAllByText('Pierwsze 30 dni za darmo').length,
  };
}

const card = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li') as HTMLElement;

beforeEach(() => localStorage.clear());

describe('/subscription', () => {
  it('shows the hero, the three plans with Basic current for a visitor, the badges, the comparison and the FAQ', async () => {
    await renderPage({ signedIn: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Wybierz swój plan' })).toBeInTheDocument();
    const hero = screen.getByRole('list', { name: 'Dlaczego warto' });
    expect(within(hero).getByText('Anuluj w każdej chwili')).toBeInTheDocument();
    expect(within(hero).getByText('Bezpieczne płatności')).toBeInTheDocument();
    expect(within(hero).getByText('Natychmiastowy dostęp')).toBeInTheDocument();

    const basic = await card('Basic');
    expect(within(basic).getByText('Darmowy')).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Aktualny plan' })).toBeDisabled();
    expect(within(basic).getByText('Reklamy co 15 minut')).toBeInTheDocument();
    expect(within(basic).getByText('Generowanie muzyki AI: 1 utwór dziennie')).toBeInTheDocument();
    const premium = await card('Premium');
    expect(within(premium).getByText('NAJPOPULARNIEJSZY')).toBeInTheDocument();
    expect(within(premium).getByText('$5')).toBeInTheDocument();
    expect(within(premium).getByText('Pierwsze 30 dni za darmo')).toBeInTheDocument();
    expect(within(premium).getByText('Generowanie muzyki AI: 10 utworów dziennie')).toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Wybierz Premium' })).toBeEnabled();
    const ultra = await card('Ultra');
    expect(within(ultra).getByText('VIP EXCLUSIVE')).toBeInTheDocument();
    expect(within(ultra).getByText('Nielimitowane generowanie muzyki AI')).toBeInTheDocument();
    expect(within(ultra).getByRole('button', { name: 'Wybierz Ultra' })).toBeEnabled();

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Funkcja', 'Basic', 'Premium', 'Ultra']);
    expect(within(table).getByRole('row', { name: /Stacje/ }).textContent).toBe('Stacje550+200+');
    expect(screen.getByText('Czy mogę anulować w każdej chwili?')).toBeInTheDocument();
    expect(screen.getByText('Czy jest zniżka dla studentów?')).toBeInTheDocument();
    expect(screen.getByText('Co z utworami AI, gdy zrezygnuję?')).toBeInTheDocument();
  });

  it('says where the benefits that live on our other sites are, with links that open them', async () => {
    await renderPage({ signedIn: false });
    const ultra = await card('Ultra');
    const community = within(ultra).getAllByRole('link', { name: /w społeczności GrouaRock/ });
    expect(community.map((link) => link.closest('li')?.firstChild?.textContent)).toEqual(['Prywatne forum VIP', 'Bezpośredni kontakt z artystami']);
    for (const link of community) expect(link).toHaveAttribute('href', 'https://community.grouarock.com');
    const merch = within(ultra).getByRole('link', { name: /w marketplace GrouaRock/ });
    expect(merch.closest('li')?.firstChild?.textContent).toBe('20% zniżki na merch');
    expect(merch).toHaveAttribute('href', 'https://marketplace.grouarock.com');
    expect(merch).toHaveAttribute('target', '_blank');
    expect(within(await card('Basic')).getByRole('link', { name: /w społeczności GrouaRock/ }).closest('li')?.firstChild?.textContent).toBe('Dostęp do forum publicznego');
  });

  it('promises the free 30 days to a visitor and to an account that has not used them, where payment is online', async () => {
    await renderPage({ signedIn: false });
    expect(await screen.findByText(LEAD_TRIAL)).toBeInTheDocument();
    expect(trialPromises()).toEqual({ lead: LEAD_TRIAL, meta: META_TRIAL, cards: 2 });
  });

  it('promises the trial to a signed-in account once it knows the trial is still there', async () => {
    answer('get', '/me/entitlements', entitlementsDto({ trialAvailable: true }));
    await renderPage();
    expect(await screen.findByText(LEAD_TRIAL)).toBeInTheDocument();
    expect(trialPromises()).toEqual({ lead: LEAD_TRIAL, meta: META_TRIAL, cards: 2 });
  });

  it('promises no trial to an account that has used it', async () => {
    const ended = { plan: 'premium', entitles: false, cancelAtPeriodEnd: false, currentPeriodEnd: '2026-01-24T12:00:00.000Z', trialEnd: null } as const;
    answer('get', '/me/entitlements', entitlementsDto({ subscription: ended, trialAvailable: false }));
    await renderPage();
    // Both the plans and the entitlements have arrived once the account's own subscription can be managed.
    expect(await screen.findByRole('button', { name: 'Zarządzaj subskrypcją' })).toBeInTheDocument();
    expect(within(await card('Premium')).getByRole('button', { name: 'Wybierz Premium' })).toBeEnabled();
    expect(trialPromises()).toEqual({ lead: LEAD_NO_TRIAL, meta: META_NO_TRIAL, cards: 0 });
  });

  it('promises no trial where online payment is not set up, not even to a visitor', async () => {
    await renderPage({ signedIn: false, plans: plansDto(false) });
    expect(await screen.findByText('Płatności online są wyłączone')).toBeInTheDocument();
    expect(trialPromises()).toEqual({ lead: LEAD_NO_TRIAL, meta: META_NO_TRIAL, cards: 0 });
  });

  it("says in the FAQ that a cancelled plan falls back to the installation's default plan", async () => {
    await renderPage({ signedIn: false });
    await card('Basic');
    expect(screen.getByText('Tak. Po anulowaniu plan działa do końca opłaconego okresu rozliczeniowego, potem wracasz do Basic. Nie pobierzemy kolejnej opłaty.')).toBeInTheDocument();
  });

  it('names DEFAULT_PLAN, not Basic, in the FAQ where the installation gives everyone Premium', async () => {
    await renderPage({ signedIn: false, plans: plansDto(false, 'premium') });
    expect(within(await card('Premium')).getByRole('button', { name: 'Aktualny plan' })).toBeDisabled();
    expect(screen.getByText('Tak. Po anulowaniu plan działa do końca opłaconego okresu rozliczeniowego, potem wracasz do Premium. Nie pobierzemy kolejnej opłaty.')).toBeInTheDocument();
    expect(screen.queryByText(/wracasz do Basic/)).not.toBeInTheDocument();
  });

  it('opens the login dialog for a visitor instead of a checkout', async () => {
    const checkouts = answer('post', '/billing/checkout', { url: 'https://checkout.example.test/x' });
    await renderPage({ signedIn: false });
    await userEvent.click(within(await card('Premium')).getByRole('button', { name: 'Wybierz Premium' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(checkouts).toHaveLength(0);
  });

  it('asks for a checkout of the chosen plan, reads "Przekierowywanie..." while it does, then goes to it', async () => {
    let release: () => void = () => undefined;
    const checkouts = answer('post', '/billing/checkout', () => new Promise<Response>((resolve) => (release = () => resolve(Response.json({ url: 'https://checkout.example.test/cs_1' })))));
    answer('get', '/me/entitlements', entitlementsDto());
    const { leaveTo } = await renderPage();
    await userEvent.click(within(await card('Ultra')).getByRole('button', { name: 'Wybierz Ultra' }));
    const busy = await within(await card('Ultra')).findByRole('button', { name: 'Przekierowywanie...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(within(await card('Premium')).getByRole('button', { name: 'Wybierz Premium' })).toBeDisabled();
    act(() => release());
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://checkout.example.test/cs_1'));
    expect(checkouts.map((r) => r.body)).toEqual([{ planType: 'ultra' }]);
    expect(checkouts[0].authorization).toMatch(/^Bearer /);
  });

  it('restores the button and shows the payment error banner for 5 s when checkout fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer('post', '/billing/checkout', apiError(502, { code: 'checkout_failed' }));
    answer('get', '/me/entitlements', entitlementsDto());
    const { leaveTo } = await renderPage();
    const choose = within(await card('Premium')).getByRole('button', { name: 'Wybierz Premium' });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(choose);
      const alert = await screen.findByText('❌ Błąd płatności');
      expect(screen.getByText('Spróbuj ponownie lub skontaktuj się z supportem')).toBeInTheDocument();
      expect(alert.closest('[role="alert"]')).not.toBeNull();
      expect(within(await card('Premium')).getByRole('button', { name: 'Wybierz Premium' })).toBeEnabled();
      act(() => jest.advanceTimersByTime(PAYMENT_ERROR_MS - 100));
      expect(screen.getByText('❌ Błąd płatności')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByText('❌ Błąd płatności')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
    expect(leaveTo).not.toHaveBeenCalled();
    expect(PAYMENT_ERROR_MS).toBe(5000);
  });

  it('offers the portal when checkout finds a subscription already running', async () => {
    answer('post', '/billing/checkout', apiError(409, { code: 'already_subscribed' }));
    const portals = answer('post', '/billing/portal', { url: 'https://billing.example.test/p' });
    answer('get', '/me/entitlements', entitlementsDto());
    const { leaveTo } = await renderPage();
    await userEvent.click(within(await card('Premium')).getByRole('button', { name: 'Wybierz Premium' }));
    expect(await screen.findByText('Masz już subskrypcję')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zarządzaj subskrypcją' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://billing.example.test/p'));
    expect(portals).toHaveLength(1);
  });

  it("marks a subscriber's plan current, says when the trial ends and sends plan changes to the portal", async () => {
    answer('get', '/me/entitlements', entitlementsDto({ plan: 'premium', subscription: trialing(), trialAvailable: false }));
    await renderPage();
    expect(within(await card('Premium')).getByRole('button', { name: 'Aktualny plan' })).toBeDisabled();
    expect(within(await card('Basic')).getByRole('button', { name: 'W Twoim planie' })).toBeDisabled();
    expect(within(await card('Ultra')).getByRole('button', { name: 'Zmień plan w portalu' })).toBeEnabled();
    expect(await screen.findByText('Darmowy okres Premium trwa do 24 grudnia 2026.')).toBeInTheDocument();
    expect(screen.queryByText('Pierwsze 30 dni za darmo')).not.toBeInTheDocument();
  });

  it('says that online payment is not set up, with the buy buttons disabled', async () => {
    answer('get', '/me/entitlements', entitlementsDto());
    await renderPage({ plans: plansDto(false) });
    expect(await screen.findByText('Płatności online są wyłączone')).toBeInTheDocument();
    expect(within(await card('Premium')).getByRole('button', { name: 'Wybierz Premium' })).toBeDisabled();
    expect(within(await card('Ultra')).getByRole('button', { name: 'Wybierz Ultra' })).toBeDisabled();
  });

  it('back from checkout: reads the subscription at once, says it is confirming, then shows the new plan', async () => {
    const syncs = answer('post', '/billing/sync', entitlementsDto());
    answer('get', '/me/entitlements', entitlementsDto(), entitlementsDto(), entitlementsDto({ plan: 'premium', subscription: trialing(), trialAvailable: false }));
    await renderPage({ path: '/subscription?checkout=success' });
    expect(await screen.findByText('Potwierdzamy Twoją płatność… Plan pojawi się tu za chwilę.')).toBeInTheDocument();
    expect(await screen.findByText('Gotowe! Twój plan to teraz Premium.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(within(await card('Premium')).getByRole('button', { name: 'Aktualny plan' })).toBeDisabled();
    expect(syncs).toHaveLength(1);
  }, 15_000);

  it('says nothing was charged when checkout was cancelled', async () => {
    answer('get', '/me/entitlements', entitlementsDto());
    await renderPage({ path: '/subscription?checkout=cancelled' });
    expect(await screen.findByText('Płatność anulowana. Nic nie pobraliśmy.')).toBeInTheDocument();
  });
});
