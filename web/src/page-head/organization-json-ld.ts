import type { NewsMediaOrganization } from 'schema-dts';
import type { SiteConfig } from '../config/site-config';
import { CORRECTIONS_POLICY_PATH, EDITORIAL_STANDARDS_PATH, MASTHEAD_PATH, OWNERSHIP_PATH } from '../config/standards-links';
import { absoluteUrl } from './head-tags';

/**
 * The standards pages as schema.org's NewsMediaOrganization properties (Google's news transparency
 * signals), for every place the site describes itself as an organisation.
 */
export function organizationPolicies(config: Pick<SiteConfig, 'siteUrl'>) {
  type Policies = Pick<Exclude<NewsMediaOrganization, string>, 'publishingPrinciples' | 'ethicsPolicy' | 'correctionsPolicy' | 'actionableFeedbackPolicy' | 'ownershipFundingInfo' | 'masthead' | 'unnamedSourcesPolicy'>;
  const at = (path: string) => absoluteUrl(config, path);
  const policies: Policies = {
    publishingPrinciples: at(EDITORIAL_STANDARDS_PATH),
    ethicsPolicy: at(EDITORIAL_STANDARDS_PATH),
    correctionsPolicy: at(CORRECTIONS_POLICY_PATH),
    actionableFeedbackPolicy: at(CORRECTIONS_POLICY_PATH),
    ownershipFundingInfo: at(OWNERSHIP_PATH),
    masthead: at(MASTHEAD_PATH),
    unnamedSourcesPolicy: at(EDITORIAL_STANDARDS_PATH),
  };
  return policies;
}
