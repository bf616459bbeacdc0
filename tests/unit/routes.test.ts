import { describe, expect, it } from 'vitest';
import { fillPath, matchPattern, matchRoute, routes } from '../../src/routes';

describe('route table', () => {
  it('has every path of both spec documents', () => {
    const paths = routes.map((r) => r.path);
    for (const p of [
      '/campaigns',
      '/campaign/create',
      '/campaign/{id}/confirmation',
      '/campaign/{id}/edit',
      '/campaign/{id}',
      '/campaign/{id}/stats',
      '/campaign/{id}/{tab}',
      '/hirings',
      '/hirings/overview',
      '/hirings/fund',
      '/hirings/confirmation',
      '/settings/attribution/{id}/edit',
      '/settings/attribution/{id}/edit/campaigns',
      '/settings/attribution/{id}/edit/events',
      '/settings/profile',
      '/settings/payments',
      '/settings/hires',
      '/settings/attribution',
      '/sponsorships',
      '/sponsorships/{tab}',
      '/campaign/{campaignId}/proposal/create',
      '/campaign/{campaignId}/proposal/{packageId}/edit',
      '/campaign/{campaignId}/proposal/confirmation',
      '/campaign/{campaignId}/proposal/{packageId}/confirmation',
      '/settings/earnings',
      '/settings/payout-method',
      '/settings/manage-podcasts',
      '/onboarding',
      '/workrooms',
      '/workrooms/{type}/{id}',
      '/completed-ads',
      '/podcast/{id}',
      '/dashboard',
      '/dashboard/{tab}',
      '/settings',
      '/settings/account',
      '/settings/signin-method',
      '/settings/notifications',
      '/',
      '/verify/email',
      '/login',
      '/sign-up/{data?}',
      '/sign-up/hosting/{token}',
      '/password/reset',
      '/password/reset/{token}',
      '/verification/{verificationId}/{verificationCode}',
      '/unsubscribed',
      '/page404',
      '/icons',
      '/logout',
      '/hosting/episodes',
      '/hosting/episode/{hash_id}/edit',
      '/hosting/episode/{hash_id}/success',
      '/hosting/feed',
      '/hosting/dashboard',
      '/hosting/reports',
      '/hosting/platform',
      '/hosting/apply',
    ])
      expect(paths, p).toContain(p);
  });

  it('matches the most specific path first', () => {
    expect(matchRoute('/campaign/create/details')?.route.name).toBe('campaign.create.tab');
    expect(matchRoute('/campaign/12/proposal/create/step-2')?.route.name).toBe('proposal.create.step');
    expect(matchRoute('/campaign/12/proposal/confirmation')?.route.name).toBe('proposal.confirmation');
    expect(matchRoute('/campaign/12/stats')?.route.name).toBe('campaign.stats');
    expect(matchRoute('/campaign/12/starred')?.route).toMatchObject({ name: 'campaign.feed', access: 'brand' });
    expect(matchRoute('/sign-up')?.route.name).toBe('sign-up');
    expect(matchRoute('/sign-up/podcaster')?.params).toEqual({ data: 'podcaster' });
    expect(matchRoute('/sign-up/hosting/abc')?.route.name).toBe('sign-up.hosting');
    expect(matchRoute('/verify/email/')?.route.name).toBe('verify.email');
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/campaign/1/2/3')).toBeNull();
  });

  it('marks the hosting pages hosted-only and /hosting/apply podcaster-only', () => {
    for (const r of routes.filter((r) => r.path.startsWith('/hosting/'))) expect(r.access, r.path).toBe(r.path === '/hosting/apply' ? 'podcaster' : 'hosted');
  });

  it('fills and matches patterns', () => {
    expect(fillPath('/campaign/{id}/edit/details', { id: '5' })).toBe('/campaign/5/edit/details');
    expect(matchPattern('/sign-up/{data?}', '/sign-up')).toEqual({});
    expect(matchPattern('/a/{b}', '/a/%E0%A4%A')).toBeNull();
  });
});
