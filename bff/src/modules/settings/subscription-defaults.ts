/** Default subscription templates (settings subscription_rules, qx_rule_sets, qx_rewrite). */

export const DEFAULT_SUBSCRIPTION_RULES: string[] = [
  'DOMAIN-SUFFIX,local,DIRECT',
  'IP-CIDR,127.0.0.0/8,DIRECT',
  'IP-CIDR,10.0.0.0/8,DIRECT',
  'IP-CIDR,172.16.0.0/12,DIRECT',
  'IP-CIDR,192.168.0.0/16,DIRECT',
  'IP-CIDR,100.64.0.0/10,DIRECT',
  'DOMAIN-SUFFIX,apple.com,DIRECT',
  'DOMAIN-SUFFIX,icloud.com,DIRECT',
  'DOMAIN-SUFFIX,google.com,PROXY',
  'DOMAIN-SUFFIX,googleapis.com,PROXY',
  'DOMAIN-SUFFIX,youtube.com,PROXY',
  'DOMAIN-SUFFIX,googlevideo.com,PROXY',
  'DOMAIN-SUFFIX,github.com,PROXY',
  'DOMAIN-SUFFIX,twitter.com,PROXY',
  'DOMAIN-SUFFIX,x.com,PROXY',
  'DOMAIN-SUFFIX,telegram.org,PROXY',
  'DOMAIN-SUFFIX,wikipedia.org,PROXY',
  'DOMAIN-KEYWORD,google,PROXY',
  'DOMAIN-SUFFIX,cn,DIRECT',
  'DOMAIN-SUFFIX,baidu.com,DIRECT',
  'DOMAIN-SUFFIX,qq.com,DIRECT',
  'DOMAIN-SUFFIX,taobao.com,DIRECT',
  'DOMAIN-SUFFIX,alipay.com,DIRECT',
  'DOMAIN-SUFFIX,bilibili.com,DIRECT',
  'GEOIP,CN,DIRECT',
  'MATCH,PROXY',
];

export const DEFAULT_QX_RULE_SETS = {
  Internal: [
    'DOMAIN-SUFFIX,local',
    'IP-CIDR,10.0.0.0/8',
    'IP-CIDR,172.16.0.0/12',
    'IP-CIDR,192.168.0.0/16',
    'IP-CIDR,127.0.0.0/8',
    'DOMAIN-SUFFIX,cn',
    'GEOIP,CN',
  ],
  Apple: [
    'DOMAIN-SUFFIX,apple.com',
    'DOMAIN-SUFFIX,icloud.com',
    'DOMAIN-SUFFIX,mzstatic.com',
    'DOMAIN-SUFFIX,apple-cloudkit.com',
  ],
  GlobalMedia: [
    'DOMAIN-SUFFIX,youtube.com',
    'DOMAIN-SUFFIX,googlevideo.com',
    'DOMAIN-SUFFIX,netflix.com',
    'DOMAIN-SUFFIX,nflxvideo.net',
    'DOMAIN-SUFFIX,spotify.com',
    'DOMAIN-SUFFIX,twitch.tv',
  ],
  Global: [
    'DOMAIN-SUFFIX,google.com',
    'DOMAIN-SUFFIX,googleapis.com',
    'DOMAIN-SUFFIX,github.com',
    'DOMAIN-SUFFIX,twitter.com',
    'DOMAIN-SUFFIX,x.com',
    'DOMAIN-SUFFIX,telegram.org',
    'DOMAIN-SUFFIX,wikipedia.org',
    'DOMAIN-KEYWORD,google',
  ],
};

export const DEFAULT_QX_REWRITE: string[] = [
  '^https?:\\/\\/(www\\.)?(g|google)\\.cn url 302 https://www.google.com',
  '^https?:\\/\\/(ditu|maps)\\.google\\.cn url 302 https://maps.google.com',
];
