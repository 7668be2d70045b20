import { Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../auth/AuthProvider';
import { categoriesQuery } from '../../queries/ideas';

/**
 * A category an idea is in, shown by its name and linking to its page. Ideas carry category
 * slugs (what the API filters by); the name comes from the category list, which every page
 * shares from the query cache. One Tab stop: the link, not a focusable tag inside it.
 */
export function CategoryChip(props: { slug: string }) {
  const { client } = useAuth();
  const categories = useQuery(categoriesQuery(client));
  const name = categories.data?.find((c) => c.slug === props.slug)?.name ?? props.slug;
  return (
    <Link to="/categories/$slug" params={{ slug: props.slug }} className="im-chip-link">
      <Tag minimal round>
        {name}
      </Tag>
    </Link>
  );
}
