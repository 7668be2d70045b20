-- The managed category list, built-in extraction schemas for real public sources, and inactive
-- schedules that use them (an operator switches them on).

INSERT INTO categories (slug, name, description, keywords) VALUES
  ('saas', 'SaaS', 'Subscription software for businesses', '{saas,subscription,b2b,dashboard,platform,software,crm,workflow}'),
  ('developer-tools', 'Developer Tools', 'Tools for people who build software', '{developer,api,sdk,code,coding,github,deploy,devops,cli,open source,programming,debug}'),
  ('ai-ml', 'AI & Machine Learning', 'Products built on models and data', '{ai,llm,gpt,machine learning,model,chatbot,agent,neural,openai,prompt,automation}'),
  ('ecommerce', 'E-commerce', 'Selling goods online', '{shop,store,ecommerce,shopify,checkout,marketplace,seller,retail,dropshipping}'),
  ('fintech', 'Fintech', 'Money, payments and finance', '{payment,invoice,bank,finance,budget,accounting,tax,crypto,invest,expense}'),
  ('health', 'Health & Fitness', 'Wellbeing, medicine and fitness', '{health,fitness,workout,medical,doctor,patient,sleep,diet,mental,therapy}'),
  ('education', 'Education', 'Learning and teaching', '{learn,course,student,teacher,education,tutor,school,language,quiz,study}'),
  ('productivity', 'Productivity', 'Getting work done', '{productivity,todo,task,calendar,notes,focus,habit,schedule,time tracking,meeting}'),
  ('marketing', 'Marketing', 'Growth, SEO and advertising', '{marketing,seo,ads,email,newsletter,growth,leads,social media,campaign,analytics}'),
  ('community', 'Social & Community', 'People connecting with people', '{community,social,forum,chat,dating,friends,network,group,event}'),
  ('entertainment', 'Gaming & Entertainment', 'Games, media and fun', '{game,gaming,music,video,movie,stream,podcast,fun,entertainment}'),
  ('travel', 'Travel', 'Trips and hospitality', '{travel,trip,flight,hotel,booking,tourism,vacation}'),
  ('real-estate', 'Real Estate', 'Property and housing', '{real estate,property,rent,landlord,tenant,housing,mortgage,apartment}'),
  ('food', 'Food & Beverage', 'Cooking, restaurants and delivery', '{food,recipe,restaurant,meal,cooking,grocery,delivery,kitchen}'),
  ('sustainability', 'Sustainability', 'Climate and the environment', '{climate,carbon,solar,energy,sustainable,green,recycle,waste,ev}'),
  ('hardware-iot', 'Hardware & IoT', 'Devices and connected things', '{hardware,iot,device,sensor,arduino,raspberry,robot,3d printing,wearable}'),
  ('media', 'Media & Content', 'Writing, publishing and creators', '{blog,content,creator,writing,publish,newsletter,video editing,design,photo}'),
  ('hr', 'HR & Recruiting', 'Hiring and people operations', '{hiring,recruit,job,resume,hr,employee,interview,payroll,remote work}'),
  ('security', 'Security & Privacy', 'Keeping data and people safe', '{security,privacy,password,encryption,vpn,auth,compliance,gdpr,fraud}'),
  ('data-analytics', 'Data & Analytics', 'Understanding data', '{data,analytics,dashboard,metrics,bi,report,visualization,database,spreadsheet}');

INSERT INTO extraction_schemas (name, description, type, item_selector, fields, follow_patterns, is_builtin) VALUES
  ('Article page', 'One idea per page: the main text found by readability.', 'html', NULL, '{}', '{}', true),
  ('RSS / Atom / JSON Feed', 'One idea per feed entry.', 'feed', NULL, '{}', '{}', true),
  ('Hacker News (Algolia API)', 'Stories from the hn.algolia.com search API.', 'json', 'hits',
   '{"title": "title", "url": "url|story_url", "body": "story_text|comment_text", "author": "author", "published_at": "created_at", "url_template": "https://news.ycombinator.com/item?id={objectID}"}',
   '{}', true),
  ('Reddit listing', 'Posts from a subreddit .json listing.', 'json', 'data.children',
   '{"title": "data.title", "body": "data.selftext", "author": "data.author", "published_at": "data.created_utc", "url_template": "https://www.reddit.com{data.permalink}"}',
   '{}', true);

INSERT INTO schedules (name, cron, timezone, job_template, is_active, is_builtin)
SELECT s.name, s.cron, 'UTC',
       jsonb_build_object('initial_url', s.url, 'tag', s.tag, 'schema_id', (SELECT id FROM extraction_schemas WHERE name = s.schema_name),
                          'max_pages', 1, 'max_depth', 0),
       false, true
FROM (VALUES
  ('Hacker News: Ask HN', '0 */6 * * *', 'https://hn.algolia.com/api/v1/search_by_date?tags=ask_hn&hitsPerPage=50', 'hn-ask', 'Hacker News (Algolia API)'),
  ('Hacker News: Show HN', '30 */6 * * *', 'https://hn.algolia.com/api/v1/search_by_date?tags=show_hn&hitsPerPage=50', 'hn-show', 'Hacker News (Algolia API)'),
  ('Reddit: r/SideProject', '15 */6 * * *', 'https://www.reddit.com/r/SideProject/new.json?limit=50', 'reddit-sideproject', 'Reddit listing'),
  ('Reddit: r/startups', '45 */6 * * *', 'https://www.reddit.com/r/startups/new.json?limit=50', 'reddit-startups', 'Reddit listing'),
  ('Product Hunt feed', '0 */12 * * *', 'https://www.producthunt.com/feed', 'producthunt', 'RSS / Atom / JSON Feed'),
  ('Indie Hackers feed', '0 */12 * * *', 'https://www.indiehackers.com/feed.xml', 'indiehackers', 'RSS / Atom / JSON Feed')
) AS s (name, cron, url, tag, schema_name);
