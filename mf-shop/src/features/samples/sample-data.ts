/**
 * The hard-coded sample data of /orderinfo and /checkout (spec-2 "Order list": placeholders,
 * not real orders). Nothing here comes from or goes to the server.
 */
export const sampleOrderInfo: [string, string][] = [
  ['订单号', 'SAMPLE-20240101-0001'],
  ['商品', '示例套餐 · 100 GB 流量'],
  ['订单金额', '¥30.00'],
  ['优惠券抵扣', '¥0.00'],
  ['钱包抵扣', '¥0.00'],
  ['支付方式', '支付宝'],
  ['状态', '成功'],
  ['创建时间', '2024-01-01 12:00:00'],
];

export const sampleCheckout = {
  items: [
    { name: '示例套餐 · 100 GB 流量', price: '¥30.00', quantity: 1 },
    { name: '示例套餐 · 30 天时长', price: '¥20.00', quantity: 1 },
  ],
  total: '¥50.00',
};
