import { useId, useState } from 'react';
import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { NavLink, useNavigate } from 'react-router';
import { adminGroups, adminScreensOf, type AdminGroup, type RouteDef } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { useSession } from '@portal/platform';
import { canOpen } from '../lib/access';

const t = adminMessages.layout;

export interface NavGroup {
  id: AdminGroup;
  label: string;
  screens: RouteDef[];
}

/** The sidebar's groups with the screens this user may open (`canOpen`), empty groups left out. */
export function allowedGroups(userType: string | undefined, permissions?: readonly string[] | null): NavGroup[] {
  return adminGroups
    .map((g) => ({
      id: g.id,
      label: g.label,
      screens: adminScreensOf(g.id).filter((r) => canOpen(r.page, userType, permissions)),
    }))
    .filter((g) => g.screens.length > 0);
}

/** The session user's groups (the same list for the sidebar, the drawer and the /admin entry). */
export function useAllowedGroups(): NavGroup[] {
  const userType = useSession((s) => s.user?.type);
  // The staff permissions userinfo reports (issue 25): a custom role sees exactly its screens.
  const permissions = useSession((s) => s.user?.staff?.permissions);
  return allowedGroups(userType, permissions);
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 0.15s' }}
    >
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}

function GroupSection({
  group,
  page,
  open,
  onToggle,
  onNavigate,
}: {
  group: NavGroup;
  page: string;
  open: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
}) {
  const listId = useId();
  return (
    <li>
      <Button
        variant="ghost"
        size="sm"
        w="full"
        justifyContent="space-between"
        fontWeight="semibold"
        color="fg.muted"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        data-group={group.id}
      >
        {group.label}
        <Chevron open={open} />
      </Button>
      <Stack as="ul" id={listId} hidden={!open} gap="0.5" listStyleType="none" m="0" p="0" ps="2" pb="1">
        {group.screens.map((r) => {
          const current = r.page === page;
          return (
            <li key={r.path}>
              <Link
                asChild
                display="block"
                px="3"
                py="1.5"
                borderRadius="md"
                fontSize="sm"
                textDecoration="none"
                fontWeight={current ? 'semibold' : 'normal'}
                color={current ? 'brand.fg' : 'fg'}
                bg={current ? 'brand.subtle' : undefined}
                _hover={{ bg: current ? 'brand.subtle' : 'bg.muted', textDecoration: 'none' }}
                focusRingOffset="-2px"
              >
                <NavLink to={r.path} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
                  {r.menuLabel}
                </NavLink>
              </Link>
            </li>
          );
        })}
      </Stack>
    </li>
  );
}

export interface AdminNavProps {
  groups: NavGroup[];
  /** Page key of the current screen: its group starts open and its entry is marked. */
  page: string;
  /** A screen was chosen (the drawer closes). */
  onNavigate?: () => void;
}

/**
 * The back office's screens by group (运营, 用户, 财务, 网络, 系统), each group a toggle; the
 * group of the current screen starts open. Below them the user's own 我的账户 and 退出登录.
 */
export function AdminNav({ groups, page, onNavigate }: AdminNavProps) {
  // The current screen's group; on a screen outside the list (refused), the first group.
  const currentGroup = (groups.find((g) => g.screens.some((r) => r.page === page)) ?? groups[0])?.id;
  const [open, setOpen] = useState<ReadonlySet<AdminGroup>>(() => new Set(currentGroup ? [currentGroup] : []));
  const toggle = (id: AdminGroup) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Stack gap="3" data-testid="admin-nav">
      <Box as="nav" aria-label={t.nav}>
        <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
          {groups.map((g) => (
            <GroupSection
              key={g.id}
              group={g}
              page={page}
              open={open.has(g.id)}
              onToggle={() => toggle(g.id)}
              onNavigate={onNavigate}
            />
          ))}
        </Stack>
      </Box>
      <AccountLinks onNavigate={onNavigate} />
    </Stack>
  );
}

/** The user's own menu, one click away from every screen: the e-mail, 我的账户 and 退出登录. */
function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const email = useSession((s) => s.user?.email);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  if (!email) return null;
  return (
    <Stack gap="0.5" borderTopWidth="1px" pt="3" data-testid="admin-account">
      <Text fontSize="xs" color="fg.muted" px="3" truncate title={email}>
        {email}
      </Text>
      <Button asChild variant="ghost" size="sm" justifyContent="flex-start" fontWeight="normal">
        <NavLink to="/user_info" onClick={onNavigate}>
          {t.account}
        </NavLink>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        justifyContent="flex-start"
        fontWeight="normal"
        onClick={async () => {
          onNavigate?.();
          await logout();
          navigate('/login');
        }}
      >
        {t.logout}
      </Button>
    </Stack>
  );
}
