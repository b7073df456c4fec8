import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Flex, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { frameMessages, type RouteDef } from '@portal/contracts';
import { isMenuAtEnd, revealScrollLeft, wheelScrollLeft } from '../lib/menu-scroll';

export interface MainMenuProps {
  entries: readonly RouteDef[];
  /** The current route path; its tab is highlighted and scrolled into view. */
  pathname: string;
  /** The pointer is over, a finger on, or the focus on an entry: its page is likely next. */
  onIntent?: (entry: RouteDef) => void;
  /** A count shown on an entry's tab, by route path (admins: tickets waiting on 问题反馈). */
  badges?: Readonly<Record<string, { count: number; title: string }>>;
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The header menu (spec-1 §2): one tab per entry, scrolling sideways on its own when it does not
 * fit (touch, trackpad or mouse wheel), the current tab highlighted and scrolled into view, and a
 * swipe hint at the right edge until the end is within 20 px.
 */
export function MainMenu({ entries, pathname, onIntent, badges }: MainMenuProps) {
  const navRef = useRef<HTMLElement>(null);
  const [atEnd, setAtEnd] = useState(true);

  // The hint follows the scroll position and the menu's size (window resize, entries changing).
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const update = () => setAtEnd(isMenuAtEnd(nav));
    const frame = requestAnimationFrame(update);
    nav.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(nav);
    if (nav.firstElementChild) observer?.observe(nav.firstElementChild);
    return () => {
      cancelAnimationFrame(frame);
      nav.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [entries]);

  // A vertical wheel scrolls the menu sideways. React's wheel listeners are passive and cannot
  // keep the page from scrolling, hence the native listener.
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const onWheel = (event: WheelEvent) => {
      const next = wheelScrollLeft(nav, event);
      if (next === null) return;
      event.preventDefault();
      nav.scrollLeft = next;
    };
    nav.addEventListener('wheel', onWheel, { passive: false });
    return () => nav.removeEventListener('wheel', onWheel);
  }, []);

  // Bring the current tab into view on every navigation.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const navBox = nav.getBoundingClientRect();
    const itemBox = current.getBoundingClientRect();
    const target = revealScrollLeft(nav, itemBox.left - navBox.left + nav.scrollLeft, itemBox.width);
    if (target !== null) nav.scrollTo({ left: target, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [pathname, entries]);

  return (
    <Box position="relative" flex="1" minW="0">
      <Box
        as="nav"
        ref={navRef}
        aria-label={frameMessages.mainMenu}
        overflowX="auto"
        overscrollBehaviorX="contain"
        scrollbarWidth="none"
        css={{ '&::-webkit-scrollbar': { display: 'none' } }}
        data-at-end={atEnd}
      >
        <Flex as="ul" gap="1" listStyleType="none" m="0" p="0" whiteSpace="nowrap" w="max-content">
          {entries.map((entry) => {
            const current = pathname === entry.path;
            const badge = badges?.[entry.path];
            return (
              <li key={entry.path}>
                {/* A plain router link: NavLink would drop aria-current on 后台管理, whose path is not the address. */}
                <Link
                  asChild
                  display="block"
                  px="3"
                  py="2"
                  borderRadius="md"
                  fontSize="sm"
                  textDecoration="none"
                  fontWeight={current ? 'semibold' : 'normal'}
                  color={current ? 'brand.fg' : 'fg'}
                  bg={current ? 'brand.subtle' : undefined}
                  _hover={{ bg: current ? 'brand.subtle' : 'bg.muted', textDecoration: 'none' }}
                  focusRingOffset="-2px"
                >
                  <RouterLink
                    to={entry.path}
                    aria-current={current ? 'page' : undefined}
                    onPointerEnter={() => onIntent?.(entry)}
                    onTouchStart={() => onIntent?.(entry)}
                    onFocus={() => onIntent?.(entry)}
                  >
                    {entry.menuLabel}
                    {badge !== undefined && badge.count > 0 && (
                      <Badge
                        ms="1"
                        size="sm"
                        variant="solid"
                        colorPalette="red"
                        borderRadius="full"
                        title={badge.title}
                        data-testid="menu-badge"
                      >
                        {badge.count > 99 ? '99+' : badge.count}
                      </Badge>
                    )}
                  </RouterLink>
                </Link>
              </li>
            );
          })}
        </Flex>
      </Box>
      {/* The swipe hint: a fade with a pulsing arrow at the right edge while more tabs lie beyond. */}
      <Flex
        aria-hidden="true"
        data-testid="menu-swipe-hint"
        position="absolute"
        top="0"
        right="0"
        bottom="0"
        w="10"
        align="center"
        justify="flex-end"
        pointerEvents="none"
        bgGradient="to-r"
        gradientFrom="transparent"
        gradientTo="bg"
        color="fg.muted"
        opacity={atEnd ? 0 : 1}
        visibility={atEnd ? 'hidden' : 'visible'}
        transition="opacity 0.2s, visibility 0.2s"
      >
        <Box as="span" animation="pulse" fontSize="lg" lineHeight="1" pr="0.5" _motionReduce={{ animation: 'none' }}>
          ›
        </Box>
      </Flex>
    </Box>
  );
}
