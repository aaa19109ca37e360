import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { sidebar, signIn } from './support';

/**
 * Issue 13 item 21: no serious or critical axe-core violation (WCAG 2 A and AA) on the sign-in page and on
 * every page the sidebar offers the administrator and the representative, in the light and the dark theme.
 * One page per role: signed in once, the sidebar's own links followed, both themes checked on each page.
 */
type Theme = 'light' | 'dark';
interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

const axeOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] };
type AxeViolations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/**
 * axe on the page: the first call (a new document) through AxeBuilder, which injects axe-core; later calls on the same
 * document (the sidebar navigates without reloading) run the injected axe again, not re-injecting it each time.
 */
async function runAxe(page: Page, contentOnly: boolean): Promise<AxeViolations> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) {
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
    if (contentOnly) builder = builder.include('#main-content');
    return (await builder.analyze()).violations;
  }
  return page.evaluate(
    async ([context, options]) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolations }> } }).axe;
      return (await axe.run(context ?? document, options)).violations;
    },
    [contentOnly ? { include: [['#main-content']] } : null, axeOptions] as const,
  );
}

async function audit(page: Page, where: string, { contentOnly = false } = {}): Promise<Finding[]> {
  // the pointer rests off the content: a hovered button's colours are not the page's
  await page.mouse.move(0, 0);
  // the sidebar, header and footer are the same on every page: checked in full on the first one, then the page itself
  const violations = await runAxe(page, contentOnly);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(0, 3).join(' '),
    }));
}

function report(findings: Finding[]): string {
  return findings.map((f) => `\n[${f.impact}] ${f.rule} on ${f.where}: ${f.help}\n    ${f.targets.join('\n    ')}\n    ${f.summary}`).join('');
}

async function currentTheme(page: Page): Promise<Theme> {
  return (await page.locator('html').getAttribute('data-theme')) === 'dark' ? 'dark' : 'light';
}

/** Sets the theme with the header's (or the login page's) own toggle. */
async function useTheme(page: Page, theme: Theme) {
  if ((await currentTheme(page)) !== theme) await page.getByRole('button', { name: 'Тёмная тема' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // antd restyles on the next frames
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Waits (bounded) until the page shows its data rather than skeletons and spinners. */
async function settle(page: Page) {
  const busy = page.locator('#main-content .ant-skeleton, #main-content .ant-spin-spinning, #main-content .ant-table-placeholder .ant-spin');
  await expect(busy)
    .toHaveCount(0, { timeout: 8_000 })
    .catch(() => undefined);
  // nothing animates while axe reads the colours (a fading message, a drawer sliding in)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Every link the sidebar offers, every group opened. */
async function sidebarLinks(page: Page): Promise<{ href: string; name: string }[]> {
  const nav = sidebar(page);
  await expect(nav.locator('a[href]').first()).toBeVisible();
  const closed = nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  const groups = await closed.count();
  expect(groups, 'closed sidebar groups').toBeGreaterThan(0);
  for (let i = groups; i > 0; i--) {
    await closed.first().click();
    await expect(closed).toHaveCount(i - 1);
  }
  const links = nav.locator('a[href]');
  return links.evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href') ?? '', name: (a.textContent ?? '').trim() })));
}

/**
 * Nothing animates while axe reads the colours: a theme switch's colour transitions and an alert fading in
 * are read half-way on a busy machine (a contrast 'violation' of a colour never shown at rest).
 */
async function stillPage(page: Page) {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' }).catch(() => undefined);
}

async function auditEveryPage(page: Page, login: string): Promise<Finding[]> {
  await stillPage(page);
  const findings: Finding[] = [];
  const links = await sidebarLinks(page);
  expect(links.length, `${login}'s sidebar pages`).toBeGreaterThan(5);
  for (const [i, { href, name }] of links.entries()) {
    await sidebar(page).locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await settle(page);
    // light then dark, dark then light on the next page: one switch per page
    const themes: Theme[] = i % 2 === 0 ? ['light', 'dark'] : ['dark', 'light'];
    for (const theme of themes) {
      await useTheme(page, theme);
      findings.push(...(await audit(page, `${login} ${href} (${name}), ${theme}`, { contentOnly: i > 0 })));
    }
  }
  return findings;
}

// about 80 pages for the admin, 40 for the rep, each in both themes
test.describe.configure({ timeout: 900_000 });

test('the sign-in page has no serious or critical accessibility violation, light or dark', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Логин')).toBeVisible();
  await stillPage(page);
  const findings: Finding[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    findings.push(...(await audit(page, `/login, ${theme}`)));
  }
  // a failed sign-in's message on the screen too
  await page.getByLabel('Логин').fill('admin');
  await page.getByLabel('Пароль').fill('wrong-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await useTheme(page, theme);
    findings.push(...(await audit(page, `/login with an error, ${theme}`)));
  }
  expect(findings, report(findings)).toEqual([]);
});

for (const login of ['admin', 'rep']) {
  test(`every sidebar page of the ${login} has no serious or critical accessibility violation, light or dark`, async ({ page }) => {
    await signIn(page, login);
    const findings = await auditEveryPage(page, login);
    expect(findings, report(findings)).toEqual([]);
  });
}
