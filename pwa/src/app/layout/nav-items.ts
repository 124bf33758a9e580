import type { ComponentType, SVGProps } from 'react';
import type { Role } from '@shared/schemas/user.schema';
import {
  CalendarIcon,
  CandidatesIcon,
  DashboardIcon,
  LinkedinIcon,
  SearchIcon,
  SettingsIcon,
  UsersIcon,
} from '@/ui/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  adminOnly?: boolean;
}

/** The sidebar and the mobile menu, in the spec's order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: DashboardIcon },
  { to: '/candidates', label: 'Candidates', icon: CandidatesIcon },
  { to: '/users', label: 'Users', icon: UsersIcon, adminOnly: true },
  { to: '/search', label: 'Search', icon: SearchIcon },
  { to: '/linkedin-sales-reps', label: 'LinkedIn Sales Reps', icon: LinkedinIcon },
  { to: '/interviews', label: 'Interviews', icon: CalendarIcon },
  { to: '/settings', label: 'Settings', icon: SettingsIcon },
];

export function navItemsFor(role: Role | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.adminOnly || role === 'admin');
}
