import { Link as RouterLink } from 'react-router';
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { shopLabels } from '@portal/contracts/shop-labels';

/**
 * The shop's explanatory note (spec-2 §2). Content of this remote, so it loads only with the shop.
 */
const notes: { title: string; text: string }[] = [
  {
    title: '流量包',
    text: '购买的流量永久有效，不限使用时间，用完为止；多次购买的流量会累加。',
  },
  {
    title: '时长包',
    text: '有效期内每天享有固定的高速流量额度（未注明时为每天 50 GB），额度每天重置，当天未用完的部分不累计到第二天。同一套餐可能同时包含流量包和时长包。',
  },
  {
    title: '赠送',
    text: '标有“赠送”的套餐，按比例额外赠送流量或天数，与套餐一起到账；时长包的合计流量已包含赠送天数。',
  },
  {
    title: '钱包优先',
    text: '下单时优先使用钱包余额抵扣，余额不足的部分再选择支付方式支付。剩余应付金额不足 1 元时，钱包会少抵扣 1 元，以满足支付渠道的最低金额。',
  },
  {
    title: 'USDT 支付',
    text: '请使用 TRON（TRC20）网络，按页面显示的金额精确转账（精确到小数点后 3 位），并在规定时间内完成；金额不一致或超时将无法自动到账。',
  },
  {
    title: '未支付订单',
    text: '未支付的订单可以在订单记录中取消，取消后已使用的优惠券和钱包抵扣会退回。',
  },
];

export function ShopNotes() {
  return (
    <Box
      as="section"
      aria-labelledby="shop-notes-title"
      borderWidth="1px"
      borderRadius="l2"
      p={{ base: '3', md: '5' }}
      bg="bg"
    >
      <Heading as="h2" size="md" mb="3" id="shop-notes-title">
        {shopLabels.shop.notesTitle}
      </Heading>
      <Stack as="ul" gap="2" fontSize="sm" listStyleType="none" data-testid="shop-notes">
        {notes.map((note) => (
          <li key={note.title}>
            <Text>
              <Text as="span" fontWeight="semibold">
                {note.title}：
              </Text>
              {note.text}
            </Text>
          </li>
        ))}
        <li>
          <Text>
            <Text as="span" fontWeight="semibold">
              遇到问题：
            </Text>
            支付后通常几秒内到账。长时间未到账或有其他问题，请在
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to="/feedback">问题反馈</RouterLink>
            </Link>
            提交工单（一个工作日内回复），或在
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to="/order">订单记录</RouterLink>
            </Link>
            中对该订单点击“反馈”。
          </Text>
        </li>
      </Stack>
    </Box>
  );
}
