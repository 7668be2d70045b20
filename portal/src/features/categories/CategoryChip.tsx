import { Classes, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../auth/AuthProvider';
import { categoriesQuery } from '../../queries/ideas';

/**
 * A category an idea is in, shown by its name and linking to its page. Ideas carry category
 * slugs (what the API filters by); the name comes from the category list, which every page
 * shares from the query cache. Until that list arrives the chip is a placeholder that is neither
 * read out nor a Tab stop (a link with no name yet), so a slug ("ai-ml") never flashes where the
 * name goes; a slug the list does not know is shown as it is. One Tab stop: the link, not a
 * focusable tag inside it.
 */
export function CategoryChip(props: { slug: string }) {
  const { client } = useAuth();
  const categories = useQuery(categoriesQuery(client));
  const name = categories.data?.find((c) => c.slug === props.slug)?.name;
  if (!name && categories.isPending)
    return (
      <span className="im-chip-link" aria-hidden="true" data-testid="category-chip-loading">
        <Tag minimal round className={Classes.SKELETON}>
          {props.slug}
        </Tag>
      </span>
    );
  return (
    <Link to="/categories/$slug" params={{ slug: props.slug }} className="im-chip-link">
      <Tag minimal round>
        {name ?? props.slug}
      </Tag>
    </Link>
  );
}
