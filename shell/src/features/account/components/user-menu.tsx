import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { NavLink, useNavigate } from 'react-router';
import { frameMessages, type UserInfo } from '@portal/contracts';
import { useSession } from '@portal/platform';
import { Dropdown } from '@portal/ui';
import { ChevronDownIcon } from '../../../components/icons';
import { UserAvatar } from './user-avatar';

export interface UserMenuProps {
  user: UserInfo;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the trial-coupon dialog. */
  onRedeemCoupon: () => void;
  /** The pointer or focus is on the coupon entry: a good moment to fetch the dialog's code. */
  onRedeemCouponIntent?: () => void;
}

const itemProps = {
  w: 'full',
  justifyContent: 'flex-start',
  variant: 'ghost',
  size: 'sm',
  borderRadius: '0',
  px: '4',
  fontWeight: 'normal',
  focusRingOffset: '-2px',
} as const;

/** Avatar, e-mail, the trial-coupon entry, forgot-password link and logout (spec-1 §2). */
export function UserMenu({ user, open, onOpenChange, onRedeemCoupon, onRedeemCouponIntent }: UserMenuProps) {
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();

  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      label={frameMessages.userMenu}
      width={260}
      triggerProps={{ 'aria-label': frameMessages.userMenuOf(user.email), px: '1.5', gap: '1.5' }}
      trigger={
        <>
          <UserAvatar icon={user.icon} boxSize="7" />
          <Text
            as="span"
            data-testid="header-email"
            display={{ base: 'none', md: 'block' }}
            maxW="44"
            truncate
            fontWeight="normal"
          >
            {user.email}
          </Text>
          <Box as="span" display={{ base: 'none', md: 'inline-flex' }} color="fg.muted">
            <ChevronDownIcon size={16} />
          </Box>
        </>
      }
    >
      <HStack px="4" py="3" gap="3" borderBottomWidth="1px">
        <UserAvatar icon={user.icon} boxSize="10" />
        <Text fontSize="sm" wordBreak="break-all" data-testid="user-menu-email">
          {user.email}
        </Text>
      </HStack>
      <Stack gap="0" py="1">
        <Button
          {...itemProps}
          onPointerEnter={onRedeemCouponIntent}
          onFocus={onRedeemCouponIntent}
          onClick={() => {
            onOpenChange(false);
            onRedeemCoupon();
          }}
        >
          {frameMessages.coupon.open}
        </Button>
        <Button {...itemProps} asChild>
          <NavLink to="/reset" onClick={() => onOpenChange(false)}>
            {frameMessages.forgotPassword}
          </NavLink>
        </Button>
        <Button
          {...itemProps}
          color="fg.error"
          onClick={async () => {
            onOpenChange(false);
            await logout();
            navigate('/login');
          }}
        >
          {frameMessages.logout}
        </Button>
      </Stack>
    </Dropdown>
  );
}
