import { Card, H2, H5 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCountOf } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { categoriesQuery } from '../../queries/ideas';
import { QueryState } from '../common/QueryState';

export function CategoriesPage() {
  const { client } = useAuth();
  const query = useQuery(categoriesQuery(client));
  return (
    <div>
      <H2>Categories</H2>
      <p className="im-muted">
        Each idea is filed under the categories its words match. One that matches none is still in{' '}
        <Link to="/ideas">all ideas</Link> and in <Link to="/search">search</Link>.
      </p>
      <QueryState query={query} isEmpty={(d) => d.length === 0} emptyMessage="No categories yet.">
        {(categories) => (
          <div className="im-idea-grid">
            {categories.map((c) => (
              <Link key={c.slug} to="/categories/$slug" params={{ slug: c.slug }} className="im-card-link">
                <Card interactive compact>
                  <H5>{c.name}</H5>
                  <p className="im-muted">{c.description}</p>
                  <strong>{formatCountOf(c.count, 'idea')}</strong>
                </Card>
              </Link>
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}
