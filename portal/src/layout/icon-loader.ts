import { Icons } from '@blueprintjs/icons';

// Blueprint loads icon paths on demand. Its default loader fetches every icon of a size in one
// ~100 KB chunk; this one fetches only the icons the portal uses, each in its own tiny chunk.
// icon-loader.test.ts fails when a source file names an icon missing from these lists.

const paths16 = import.meta.glob<string[]>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{add,archive,arrow-left,arrow-up,book,build,caret-down,caret-right,chart,chevron-down,chevron-left,chevron-right,chevron-up,clean,code-block,cog,cross,dashboard,database,disable,document-open,dollar,double-caret-vertical,duplicate,edit,error,eye-open,flash,floppy-disk,folder-new,folder-open,globe,heart,history,home,inbox,info-sign,key,layers,lightbulb,link,lock,log-in,log-out,menu,minus,mobile-phone,moon,more,notifications,people,person,predictive-analysis,projects,pulse,refresh,search,share,small-cross,sort-asc,sort-desc,star,tag,thumbs-down,thumbs-up,tick,tick-circle,time,trash,trending-down,trending-up,unlink,user,warning-sign,wrench}.js',
  { import: 'default' },
);
const paths20 = import.meta.glob<string[]>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{add,archive,arrow-left,arrow-up,book,build,caret-down,caret-right,chart,chevron-down,chevron-left,chevron-right,chevron-up,clean,code-block,cog,cross,dashboard,database,disable,document-open,dollar,double-caret-vertical,duplicate,edit,error,eye-open,flash,floppy-disk,folder-new,folder-open,globe,heart,history,home,inbox,info-sign,key,layers,lightbulb,link,lock,log-in,log-out,menu,minus,mobile-phone,moon,more,notifications,people,person,predictive-analysis,projects,pulse,refresh,search,share,small-cross,sort-asc,sort-desc,star,tag,thumbs-down,thumbs-up,tick,tick-circle,time,trash,trending-down,trending-up,unlink,user,warning-sign,wrench}.js',
  { import: 'default' },
);

function pick(table: Record<string, () => Promise<string[]>>, name: string) {
  return table[Object.keys(table).find((key) => key.endsWith(`/${name}.js`)) ?? ''];
}

export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const load = pick(size >= 20 ? paths20 : paths16, name) ?? pick(paths16, name);
      return load ? load() : [];
    },
  });
}
