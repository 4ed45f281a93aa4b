import type { User } from '@supabase/supabase-js';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { displayName } from '../../../shared/profile/display-name.ts';
import { LineIcon } from '../components/ui/line-icon.tsx';
import { paths } from '../config/paths.ts';
import { signOut } from '../features/auth/api.ts';
import { loadFavourites } from '../features/favourites/store.ts';
import { loadProfile, useProfile } from '../features/profile/store.ts';
import { loadPrices, loadRecipes } from '../features/recipes/store.ts';
import { firstJoins } from '../lib/first-joins.ts';
import { resetHouseholdStores, resetStores } from '../lib/store-resets.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { preloadScreen } from './routes.tsx';

const NAV = [
  { href: paths.recipes, label: 'Recipes', icon: 'M4 5h16M4 12h16M4 19h10' },
  {
    href: paths.favourites,
    label: 'Favourites',
    icon: 'M12 20 4.5 12.7a4.6 4.6 0 0 1 6.5-6.5l1 1 1-1a4.6 4.6 0 0 1 6.5 6.5z',
  },
  { href: paths.planner, label: 'Planner', icon: 'M5 6h14v14H5zM5 10h14M9 3v5M15 3v5' },
  // A chef's hat: on phones the bottom bar is the only navigation, so Cooks must be in it.
  {
    href: paths.cooks,
    label: 'Cooks',
    icon: 'M7 20h10M7 16h10v4H7zM7 16v-3a4 4 0 0 1 1.6-7.6 4 4 0 0 1 6.8 0A4 4 0 0 1 17 13v3',
  },
  { href: paths.pantry, label: 'Pantry', icon: 'M6 3h12v18H6zM6 9h12M6 15h12' },
  { href: paths.shopping, label: 'Shopping', icon: 'M4 5h2l2 11h10l2-8H7M10 20h.01M17 20h.01' },
] as const;

/** In the top bar only: six items fill a phone's bottom bar; there these open from the profile (prices also from a recipe's ingredients). */
const TOP_ONLY = [
  { href: paths.cook, label: 'What can I cook?' },
  { href: paths.prices, label: 'Prices' },
  { href: paths.household, label: 'Household' },
] as const;

function isActive(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`) || (href === paths.recipes && location === '/');
}

/** The sections: words in the top bar, icons with words in the phone's bottom bar. */
function NavLinks({
  label,
  className,
  icons = false,
}: {
  label: string;
  className: string;
  icons?: boolean;
}) {
  const [location] = useLocation();
  // The phone's bar has room for the six sections only; the top bar adds the rest.
  const items = icons ? NAV : [...NAV, ...TOP_ONLY];
  // One current link: the most specific that matches (What can I cook? lives under the pantry).
  const current = items
    .filter((item) => isActive(location, item.href))
    .reduce<string | null>(
      (best, item) => (best === null || item.href.length > best.length ? item.href : best),
      null,
    );
  return (
    <nav aria-label={label} className={className}>
      {items.map((item) => (
        <Link key={item.href} href={item.href} aria-current={item.href === current ? 'page' : undefined}>
          {icons && 'icon' in item ? <LineIcon d={item.icon} size={22} /> : null}
          {icons ? <span>{item.label}</span> : item.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Opens live channels with their code, fetched then: it names every list's store, which the
 * first screen does not need. Returns what closes them, whether they have opened yet or not.
 */
function openLive(open: (live: typeof import('./live-topics.ts')) => () => void): () => void {
  let close: (() => void) | undefined;
  let closed = false;
  import('./live-topics.ts').then(
    (live) => {
      if (!closed) close = open(live);
    },
    (error: unknown) => console.error('loading the live channels failed', error),
  );
  return () => {
    closed = true;
    close?.();
  };
}

/** Gives up a place held in the first-join gate, once. */
function leaveGate(place: { current: symbol | null }): void {
  if (place.current) firstJoins.gone(place.current);
  place.current = null;
}

/** The signed-in frame: navigation, the user's profile, and the realtime channels for every list. */
export function SignedInShell({ user, children }: { user: User; children: ReactNode }) {
  const { profile, loaded: profileLoaded } = useProfile();
  const userRef = useRef(user);
  // The household's channel opens only once the profile names the household, after the
  // person's has joined. Both carry the recipes: held open from the start, this place in the
  // first-join gate makes the person's first join wait for it, so a page opening reads its
  // recipes once more, not twice more.
  const householdToCome = useRef<symbol | null>(null);
  userRef.current = user;
  // Keyed by the user's id: a refreshed token brings a new user object but the same person,
  // and must not reset the lists or reopen the channels.
  useEffect(() => {
    householdToCome.current = firstJoins.opening();
    void loadProfile(userRef.current);
    void loadFavourites(user.id);
    // The recipe list is the home screen: fetch its data now, alongside the rest, and its code
    // once the page has settled (on the home screen the route has asked for it already; on any
    // other it must not compete with that screen's own code).
    void loadRecipes();
    void loadPrices();
    const prefetch = whenIdle(() => void preloadScreen(paths.recipes), 5000);
    // The live channels open once the first screen has drawn: a first join reads its tables again
    // anyway (spec 4), so nothing is missed, and setting them up stays out of the first paint.
    const close = whenIdle(() => openLive((live) => live.openRealtime(user.id)));
    return () => {
      leaveGate(householdToCome);
      prefetch();
      close();
      resetStores();
    };
  }, [user.id]);
  // Another household (accepted, switched to, left): its lists replace the last one's at once.
  const householdId = profile?.household_id ?? null;
  useEffect(() => {
    if (!householdId) return;
    const close = whenIdle(() =>
      openLive((live) => {
        const closeHousehold = live.openHouseholdRealtime(user.id, householdId);
        // Its own place in the gate is taken now (it is looking up its topic).
        leaveGate(householdToCome);
        return closeHousehold;
      }),
    );
    return () => {
      close();
      resetHouseholdStores();
    };
  }, [user.id, householdId]);
  // No household to wait for (or none could be read).
  useEffect(() => {
    if (profileLoaded && !householdId) leaveGate(householdToCome);
  }, [profileLoaded, householdId]);
  const name = displayName(profile?.name ?? '') || 'You';
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <Link href={paths.home} className="brand">
          Larder
        </Link>
        <NavLinks label="Main" className="nav-top" />
        <div className="topbar-user">
          <Link href={paths.profile} className="avatar-link" aria-label={`Profile of ${name}`}>
            {profile?.avatar_url ? <img src={profile.avatar_url} alt="" width="32" height="32" /> : null}
            <span className="topbar-name">{name}</span>
          </Link>
          <button type="button" className="button ghost small" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className="main">
        {children}
      </main>
      <NavLinks label="Sections" className="nav-bottom" icons />
    </div>
  );
}
