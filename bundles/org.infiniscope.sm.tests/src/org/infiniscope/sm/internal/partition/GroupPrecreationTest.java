package org.infiniscope.sm.internal.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.infiniscope.sm.partition.PartitionGroups;
import org.infiniscope.sm.partition.PartitionsFile;
import org.infiniscope.sm.partition.PrecreatedGroup;
import org.junit.jupiter.api.Test;

/**
 * Groups against what OpenSM 3.3.23 created on ibsim from the same file (ft2-16): the groups each partition held at
 * OpenSM's exit (its "removing mgroup" log lines), and the MTU, rate and SL saquery read of three of them.
 */
class GroupPrecreationTest {

    private static final String FILE = """
            Default=0x7fff,ipoib: ALL=full;
            P1=0x8011,ipoib,mtu=5,rate=7,sl=2,Q_Key=0x1234,TClass=3:
               mgid=ff12:401b::0707,sl=1
               mgid=ff12:401b::0708,rate=3
               mgid=ff12::1,sl=1,Q_Key=0xDEADBEEF,rate=3,mtu=2
               mgid=ff12:601b::16
               ALL_CAS=full;
            P2=0x12,ipoib: 0x0008f1ffffffff01;
            """;

    @Test
    void theGroupsOpenSmCreated() throws Exception {
        List<PrecreatedGroup> groups = PartitionGroups.of(PartitionsFile.parse(FILE, "p"), PkeyManagerTest.ft216(),
                true);
        assertEquals(List.of("ff12401bffff000000000000ffffffff", "ff12401b8011000000000000ffffffff",
                "ff12401b801100000000000000000707", "ff120000000000000000000000000001",
                "ff12601b801100000000000000000016"), groups.stream().map(PrecreatedGroup::mgidHex).toList());
        assertEquals(new PrecreatedGroup(GroupPrecreation.broadcast(0x11), 0x8011, 5, 7, 2, 2, 0x1234, 3, 0),
                groups.get(1));
        PrecreatedGroup ip = groups.get(2);
        assertEquals(List.of(5, 7, 1, 0x1234L, 0), List.of(ip.mtu(), ip.rate(), ip.sl(), ip.qkey(), ip.tclass()));
        PrecreatedGroup other = groups.get(3);
        assertEquals(List.of(2, 3, 1, 0xdeadbeefL, 0x8011),
                List.of(other.mtu(), other.rate(), other.sl(), other.qkey(), other.pkey()));
        assertEquals(new PrecreatedGroup(GroupPrecreation.broadcast(0x7fff), 0xffff, 4, 3, 0, 2, 0x0b1b, 0, 0),
                groups.get(0));
    }

    @Test
    void withoutQosPartitionsHaveSl0AndScopesMultiplyGroups() throws Exception {
        List<PrecreatedGroup> groups = PartitionGroups.of(
                PartitionsFile.parse("A=0x5,ipoib,sl=3,scope=5,scope=8: ALL;\n", "p"), PkeyManagerTest.ft216(), false);
        assertEquals(List.of("ff15401b8005000000000000ffffffff", "ff18401b8005000000000000ffffffff"),
                groups.stream().map(PrecreatedGroup::mgidHex).toList());
        assertEquals(0, groups.get(0).sl());
        assertEquals(List.of("ff12401bffff000000000000ffffffff"), PartitionGroups
                .of(null, PkeyManagerTest.ft216(), false).stream().map(PrecreatedGroup::mgidHex).toList());
    }
}
