// The SVG paths of every icon the portal uses, bundled into one chunk that icon-loader.ts loads.

export const paths16 = import.meta.glob<string[]>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{add,archive,arrow-left,arrow-right,arrow-up,book,build,calendar,caret-down,caret-right,chart,chevron-down,chevron-left,chevron-right,chevron-up,clean,code-block,cog,comparison,confirm,cross,dashboard,database,disable,document-open,dollar,double-caret-vertical,download,duplicate,edit,error,eye-open,filter-remove,flash,floppy-disk,folder-new,folder-open,globe,globe-network,grid-view,heart,history,home,inbox,info-sign,key,layers,lightbulb,link,list,lock,log-in,log-out,menu,minus,mobile-phone,moon,more,notifications,offline,pause,people,person,play,predictive-analysis,projects,pulse,redo,refresh,search,share,small-cross,sort-asc,sort-desc,star,stop,tag,th-list,thumbs-down,thumbs-up,tick,tick-circle,time,trash,trending-down,trending-up,undo,unlink,user,warning-sign,wrench}.js',
  { import: 'default', eager: true },
);
export const paths20 = import.meta.glob<string[]>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{add,archive,arrow-left,arrow-right,arrow-up,book,build,calendar,caret-down,caret-right,chart,chevron-down,chevron-left,chevron-right,chevron-up,clean,code-block,cog,comparison,confirm,cross,dashboard,database,disable,document-open,dollar,double-caret-vertical,download,duplicate,edit,error,eye-open,filter-remove,flash,floppy-disk,folder-new,folder-open,globe,globe-network,grid-view,heart,history,home,inbox,info-sign,key,layers,lightbulb,link,list,lock,log-in,log-out,menu,minus,mobile-phone,moon,more,notifications,offline,pause,people,person,play,predictive-analysis,projects,pulse,redo,refresh,search,share,small-cross,sort-asc,sort-desc,star,stop,tag,th-list,thumbs-down,thumbs-up,tick,tick-circle,time,trash,trending-down,trending-up,undo,unlink,user,warning-sign,wrench}.js',
  { import: 'default', eager: true },
);
