import type { Access } from '../api/access.js';
import { BanksSection } from './BanksSection.js';
import { CategoriesSection } from './CategoriesSection.js';
import { GroupsSection } from './GroupsSection.js';
import { useCatalogueFacts } from './use-catalogue-facts.js';
import './catalogue.css';

/** Settings' banks, categories and groups; write controls only for a token that may write. */
export function CatalogueSections({ access }: { access: Access }) {
  const facts = useCatalogueFacts(access !== 'unknown');
  const canWrite = access === 'read-write';
  return (
    <>
      <BanksSection facts={facts} canWrite={canWrite} />
      <CategoriesSection facts={facts} canWrite={canWrite} />
      <GroupsSection facts={facts} canWrite={canWrite} />
    </>
  );
}
