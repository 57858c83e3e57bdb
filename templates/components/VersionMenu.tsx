// The docs version menu: a disclosure button naming the version being read and a list of links to
// this page in every version (PageData.version.same); a version without this page links to its
// first page. Outside the docs it names the last version. Escape closes and returns focus.
import { useId } from 'react';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { useHref, useMenu } from '../hooks.ts';
import { ChevronIcon } from './icons.tsx';
import { ConfigLink } from './ConfigLink.tsx';

export function versionLinks(page: PageData, site: ClientSiteData) {
  return (site.versions ?? []).flatMap((v) => {
    const same = page.version?.same[v.name];
    const target = same ?? v.main[page.locale] ?? v.main[site.defaultLocale];
    return target ? [{ name: v.name, label: v.label, href: target, samePage: Boolean(same) }] : [];
  });
}

/** The version being read (outside the docs, the last one), or undefined when the site shows no version menu. */
function currentVersion(page: PageData, site: ClientSiteData) {
  if (!site.versionMenu || !site.versions?.length) return undefined;
  const currentName = page.version?.name ?? site.lastVersion;
  return site.versions.find((v) => v.name === currentName) ?? site.versions[0];
}

export function VersionMenu({ page, site }: { page: PageData; site: ClientSiteData }) {
  const strings = getStrings(page.locale);
  const href = useHref();
  const { open, setOpen, ref, closeOnEscape, closeOnBlur } = useMenu(page.path);
  const listId = useId();

  const current = currentVersion(page, site);
  if (!current) return null;

  return (
    <div className="version-menu" ref={ref} onKeyDown={closeOnEscape} onBlur={closeOnBlur}>
      <button
        type="button"
        className="version-button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${strings.versionMenu}: ${current.label}`}
        onClick={() => setOpen(!open)}
      >
        <span className="version-label">{current.label}</span>
        <ChevronIcon className="version-chevron" />
      </button>
      <ul className="version-list" id={listId} hidden={!open}>
        {versionLinks(page, site).map((v) => (
          <li key={v.name}>
            <a href={href(v.href)} aria-current={v.name === current.name ? 'true' : undefined} onClick={() => setOpen(false)}>
              {v.label}
            </a>
          </li>
        ))}
        {(site.navbar[page.locale] ?? site.navbar[site.defaultLocale])?.versionMenuItems?.map((item, i) => (
          <li key={item.href} className={i === 0 ? 'version-list-more' : undefined}>
            <ConfigLink item={item} href={href} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The versions in the mobile drawer, where there is room to list them (the navbar keeps only the
 * compact button): under a heading, each a link, the one being read marked current.
 */
export function DrawerVersions({ page, site }: { page: PageData; site: ClientSiteData }) {
  const strings = getStrings(page.locale);
  const href = useHref();
  const headingId = useId();
  const current = currentVersion(page, site);
  if (!current) return null;
  return (
    <nav className="drawer-versions" aria-labelledby={headingId}>
      <p className="drawer-heading" id={headingId}>
        {strings.versionMenu}
      </p>
      <ul className="drawer-links">
        {versionLinks(page, site).map((v) => (
          <li key={v.name}>
            <a href={href(v.href)} aria-current={v.name === current.name ? 'true' : undefined}>
              {v.label}
            </a>
          </li>
        ))}
        {(site.navbar[page.locale] ?? site.navbar[site.defaultLocale])?.versionMenuItems?.map((item) => (
          <li key={item.href}>
            <ConfigLink item={item} href={href} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The notice above a page of a version other than the last: unreleased or unmaintained, with a link to this page in the last version. */
export function VersionBanner({ page, site }: { page: PageData; site: ClientSiteData }) {
  const href = useHref();
  const banner = page.version?.banner;
  const last = site.versions?.find((v) => v.name === site.lastVersion);
  if (!banner || !page.version || !last) return null;
  const strings = getStrings(page.locale);
  const target = page.version.same[last.name] ?? last.main[page.locale] ?? last.main[site.defaultLocale];
  return (
    <div className={`admonition admonition-caution version-banner version-banner-${banner}`} role="note">
      <p>
        {banner === 'unreleased'
          ? strings.versionUnreleased(site.productName, page.version.label)
          : strings.versionUnmaintained(site.productName, page.version.label)}{' '}
        {target && (
          <>
            {strings.versionSeeLatest}{' '}
            <a className="version-banner-link" href={href(target)}>
              {last.label}
            </a>
          </>
        )}
      </p>
    </div>
  );
}
