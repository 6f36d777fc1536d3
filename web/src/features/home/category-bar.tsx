import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router-dom';
import { NamedIcon } from '../../components/named-icon';

/** Each arrow click scrolls this far (spec section 9). */
export const CATEGORY_SCROLL_STEP_PX = 300;
// Sub-pixel scroll positions (zoom, high-DPI) must not leave an arrow showing at the very edge.
const EDGE_TOLERANCE_PX = 1;

export interface ScrollMetrics {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/** An arrow shows only when content is scrolled off its side. */
export function arrowVisibility({ scrollLeft, scrollWidth, clientWidth }: ScrollMetrics): { left: boolean; right: boolean } {
  return {
    left: scrollLeft > EDGE_TOLERANCE_PX,
    right: scrollLeft + clientWidth < scrollWidth - EDGE_TOLERANCE_PX,
  };
}

export interface CategoryBarCategory {
  id: string;
  name: string;
  slug: string;
  icon: string;
}

/** A horizontally scrollable row of category links with arrows that appear when there is more to see. */
export function CategoryBar({ categories }: { categories: readonly CategoryBarCategory[] }) {
  const scrollerRef = useRef<HTMLUListElement>(null);
  const leftRef = useRef<HTMLButtonElement>(null);
  const rightRef = useRef<HTMLButtonElement>(null);
  // Both hidden until measured after mount, so server and first client render agree.
  const [arrows, setArrows] = useState({ left: false, right: false });

  const update = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const next = arrowVisibility(el);
    // An arrow that disappears while focused would drop focus to the page; hand it to the other arrow.
    const active = el.ownerDocument.activeElement;
    if (!next.left && active === leftRef.current) rightRef.current?.focus();
    if (!next.right && active === rightRef.current) leftRef.current?.focus();
    setArrows((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
  }, []);

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const win = el.ownerDocument.defaultView;
    // Older browsers lack ResizeObserver: fall back to window resizes.
    const Observer = win?.ResizeObserver as typeof ResizeObserver | undefined;
    let observer: ResizeObserver | undefined;
    if (typeof Observer === 'function') {
      observer = new Observer(update);
      observer.observe(el);
    } else {
      win?.addEventListener('resize', update);
    }
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
      win?.removeEventListener('resize', update);
    };
  }, [update, categories.length]);

  const scroll = (direction: -1 | 1) => {
    scrollerRef.current?.scrollBy({ left: direction * CATEGORY_SCROLL_STEP_PX, behavior: 'smooth' });
  };

  const arrowSx = {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: 2,
    '&:hover': { bgcolor: 'background.paper', color: 'primary.main' },
  } as const;

  return (
    <Box component="nav" aria-label="Browse categories" sx={{ position: 'relative', my: { xs: 2, md: 3 } }}>
      {arrows.left && (
        <IconButton ref={leftRef} size="small" aria-label="Scroll categories left" onClick={() => scroll(-1)} sx={{ ...arrowSx, left: 0 }}>
          <ChevronLeftIcon aria-hidden="true" />
        </IconButton>
      )}
      <Box
        ref={scrollerRef}
        component="ul"
        data-testid="category-scroller"
        sx={{
          display: 'flex',
          gap: 1,
          listStyle: 'none',
          m: 0,
          px: 0,
          py: 0.5,
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          // Keep the first and last chips clear of the arrows when scrolled to an edge.
          scrollPaddingInline: 40,
        }}
      >
        {categories.map((category) => (
          <Box component="li" key={category.id} sx={{ flexShrink: 0 }}>
            <Chip
              component={RouterLink}
              to={`/categories/${category.slug}`}
              clickable
              variant="outlined"
              icon={<NamedIcon name={category.icon} fontSize="small" />}
              label={category.name}
              sx={{ bgcolor: 'background.paper', fontWeight: 600, '&:hover': { borderColor: 'primary.main' } }}
            />
          </Box>
        ))}
      </Box>
      {arrows.right && (
        <IconButton ref={rightRef} size="small" aria-label="Scroll categories right" onClick={() => scroll(1)} sx={{ ...arrowSx, right: 0 }}>
          <ChevronRightIcon aria-hidden="true" />
        </IconButton>
      )}
    </Box>
  );
}
