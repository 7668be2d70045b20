// One key factory for the whole query cache, so invalidation after a mutation can be targeted
// (a vote refreshes that idea and the lists, not everything).

export const keys = {
  ideas: {
    all: ['ideas'] as const,
    lists: ['ideas', 'list'] as const,
    list: (kind: string, params: object) => ['ideas', 'list', kind, params] as const,
    detail: (id: number) => ['ideas', 'detail', id] as const,
    voteStats: (id: number) => ['ideas', 'vote-stats', id] as const,
    engagement: (id: number) => ['ideas', 'engagement', id] as const,
  },
  categories: ['categories'] as const,
  trending: (params: object) => ['trending', params] as const,
  search: (params: object) => ['search', params] as const,
  suggestions: (q: string) => ['suggestions', q] as const,
  highPotential: (limit: number) => ['high-potential', limit] as const,
  aboutScores: ['about-scores'] as const,
  userDashboard: {
    overview: ['user-dashboard', 'overview'] as const,
    stats: ['user-dashboard', 'stats'] as const,
  },
  ideaStorm: {
    histories: ['idea-storm', 'history'] as const,
    history: (page: number) => ['idea-storm', 'history', page] as const,
  },
  profit: {
    batches: ['profit', 'batches'] as const,
    batchList: (page: number) => ['profit', 'batches', page] as const,
    batch: (id: number) => ['profit', 'batch', id] as const,
  },
  projects: {
    all: ['projects'] as const,
    lists: ['projects', 'list'] as const,
    list: (page: number) => ['projects', 'list', page] as const,
    detail: (id: number) => ['projects', 'detail', id] as const,
    shared: (token: string) => ['projects', 'shared', token] as const,
  },
  watchlists: {
    all: ['watchlists'] as const,
    list: (page: number) => ['watchlists', 'list', page] as const,
    matches: (id: number, page: number) => ['watchlists', 'matches', id, page] as const,
  },
  notifications: ['notifications'] as const,
  oauth: {
    providers: ['oauth', 'providers'] as const,
    accounts: ['oauth', 'accounts'] as const,
    status: ['oauth', 'status'] as const,
  },
};
